/**
 * The charts' series styles: Okabe–Ito colours (distinguishable with every common colour vision
 * deficiency) and, on top, a fill pattern per series, so colour is never the only cue. The bars
 * are outlined in a dark stroke, which keeps a light colour (orange) visible on white (3:1).
 */
type FillPattern = 'solid' | 'diagonal' | 'dots' | 'crosshatch' | 'horizontal' | 'vertical';

export interface SeriesStyle {
  readonly color: string;
  readonly pattern: FillPattern;
  /** What the pattern is called, for the legend's words. */
  readonly patternName: string;
}

const OKABE_ITO = {
  blue: '#0072B2',
  orange: '#E69F00',
  bluishGreen: '#009E73',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  skyBlue: '#56B4E9',
} as const;

/** In order of use: a chart's first series is solid blue, its second orange with stripes, … */
const SERIES_STYLES: readonly SeriesStyle[] = [
  { color: OKABE_ITO.blue, pattern: 'solid', patternName: 'solid' },
  { color: OKABE_ITO.orange, pattern: 'diagonal', patternName: 'striped' },
  { color: OKABE_ITO.bluishGreen, pattern: 'dots', patternName: 'dotted' },
  { color: OKABE_ITO.vermillion, pattern: 'crosshatch', patternName: 'cross-hatched' },
  { color: OKABE_ITO.reddishPurple, pattern: 'horizontal', patternName: 'lined' },
  { color: OKABE_ITO.skyBlue, pattern: 'vertical', patternName: 'barred' },
];

/** The dark outline of every bar and swatch. */
export const BAR_OUTLINE = '#1f2937';

export function seriesStyle(index: number): SeriesStyle {
  return SERIES_STYLES[index % SERIES_STYLES.length];
}

/** The fill of a series' bars: its colour, or its pattern (defined once per chart by id). */
export function seriesFill(patternIdPrefix: string, index: number): string {
  const style = seriesStyle(index);
  return style.pattern === 'solid' ? style.color : `url(#${patternIdPrefix}-${index})`;
}

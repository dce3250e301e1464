import { BAR_OUTLINE, seriesFill, seriesStyle } from '../utils/chart-palette';
import { SeriesPatterns } from './SeriesPatterns';

/** The series of a chart: a swatch with its colour and pattern, and its name in words. */
export function ChartLegend({ labels, idPrefix }: { labels: readonly string[]; idPrefix: string }) {
  if (labels.length < 2) return null;
  return (
    <ul className="in-legend" aria-label="Legend">
      {labels.map((label, index) => (
        <li key={label} className="in-legend__item">
          <svg width={18} height={12} aria-hidden="true" focusable="false">
            <SeriesPatterns idPrefix={`${idPrefix}-${index}`} count={index + 1} />
            <rect
              x={0.5}
              y={0.5}
              width={17}
              height={11}
              fill={seriesFill(`${idPrefix}-${index}`, index)}
              stroke={BAR_OUTLINE}
            />
          </svg>
          <span>
            {label}
            <span className="ps-visually-hidden">{` (${seriesStyle(index).patternName} bars)`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

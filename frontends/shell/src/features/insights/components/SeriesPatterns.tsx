import { PatternCircles, PatternLines } from '@visx/pattern';
import { seriesStyle } from '../utils/chart-palette';

/** The fill patterns of a chart's series, as SVG defs with ids `${idPrefix}-${index}`. */
export function SeriesPatterns({ idPrefix, count }: { idPrefix: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const { color, pattern } = seriesStyle(index);
        const id = `${idPrefix}-${index}`;
        const lines = {
          id,
          width: 6,
          height: 6,
          stroke: '#ffffff',
          strokeWidth: 1.5,
          background: color,
        };
        switch (pattern) {
          case 'solid':
            return null;
          case 'dots':
            return (
              <PatternCircles
                key={id}
                id={id}
                width={6}
                height={6}
                radius={1.4}
                fill="#ffffff"
                background={color}
              />
            );
          case 'diagonal':
            return <PatternLines key={id} {...lines} orientation={['diagonal']} />;
          case 'crosshatch':
            return (
              <PatternLines key={id} {...lines} orientation={['diagonal', 'diagonalRightToLeft']} />
            );
          case 'horizontal':
            return <PatternLines key={id} {...lines} orientation={['horizontal']} />;
          case 'vertical':
            return <PatternLines key={id} {...lines} orientation={['vertical']} />;
        }
      })}
    </defs>
  );
}

import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { useId } from 'react';
import { BAR_OUTLINE, seriesFill } from '../utils/chart-palette';
import {
  columnOf,
  formatCell,
  numericCell,
  type ChartRow,
  type ChartTable,
} from '../utils/chart-table';
import { SeriesPatterns } from './SeriesPatterns';

/** A dashed line across a vertical chart at one category (the bucket holding the median). */
interface ChartMarker {
  readonly label: string;
  readonly category: string;
}

export interface BarChartProps {
  table: ChartTable;
  /** The column naming each group of bars. */
  category: string;
  /** The columns drawn as bars, one colour and pattern each (`SERIES_STYLES` order). */
  series: readonly string[];
  /** Horizontal bars for named things (stages, owners); vertical columns for time (weeks, days). */
  orientation: 'horizontal' | 'vertical';
  width: number;
  /** The chart's accessible name. */
  label: string;
  /** The element that says the chart's figures in words. */
  descriptionId: string;
  markers?: readonly ChartMarker[];
  /**
   * Horizontal bars of one series: a column said after each bar's value, in brackets (the
   * funnel's share of sent, the count behind an amount).
   */
  annotation?: string;
}

const CHAR_WIDTH = 7;
const TEXT_COLOR = '#0f172a';
const MUTED_COLOR = '#475569';

/**
 * Bars drawn from a chart's table: every bar is one cell, labelled with the same text the
 * Table view shows; each series has its colour and pattern. An image to assistive technology,
 * named and described (the table is its equivalent).
 */
export function BarChart(props: BarChartProps) {
  const patternPrefix = `bars${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return props.orientation === 'horizontal' ? (
    <HorizontalBars {...props} patternPrefix={patternPrefix} />
  ) : (
    <VerticalBars {...props} patternPrefix={patternPrefix} />
  );
}

type DrawProps = BarChartProps & { patternPrefix: string };

/** A label cut to `chars` characters (the table holds it whole). */
function fit(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}

/** A bar's label: its cell as the table shows it, and the annotation's cell after it. */
function barLabel(
  table: ChartTable,
  row: ChartRow,
  key: string,
  annotation: string | undefined,
): string {
  const text = formatCell(columnOf(table, key).kind, row[key] ?? null);
  if (!annotation) return text;
  return `${text} (${formatCell(columnOf(table, annotation).kind, row[annotation] ?? null)})`;
}

function HorizontalBars({
  table,
  category,
  series,
  width,
  label,
  descriptionId,
  patternPrefix,
  annotation,
}: DrawProps) {
  const categories = table.rows.map((row) => String(row[category] ?? ''));
  const columns = series.map((key) => columnOf(table, key));
  const longestLabel = Math.max(0, ...categories.map((text) => text.length));
  const labelWidth = Math.min(
    Math.max(longestLabel * CHAR_WIDTH + 12, 64),
    Math.floor(width * 0.4),
  );
  const longestValue = Math.max(
    0,
    ...table.rows.flatMap((row) =>
      series.map((key) => barLabel(table, row, key, annotation).length),
    ),
  );
  const valueSpace = longestValue * CHAR_WIDTH + 12;
  const plotWidth = Math.max(40, width - labelWidth - valueSpace);
  const barHeight = 18;
  const groupHeight = series.length * barHeight + 14;
  const height = Math.max(groupHeight, categories.length * groupHeight);

  const max = Math.max(
    1,
    ...table.rows.flatMap((row) => series.map((key) => numericCell(row[key] ?? null))),
  );
  const x = scaleLinear<number>({ domain: [0, max], range: [0, plotWidth], nice: false });
  const y = scaleBand<string>({
    domain: categories.map((_, index) => String(index)),
    range: [0, height],
    paddingInner: 0,
  });
  const inner = scaleBand<string>({
    domain: [...series],
    range: [7, groupHeight - 7],
    padding: 0.12,
  });

  return (
    <svg
      className="in-chart__svg"
      width={width}
      height={height}
      role="img"
      aria-label={label}
      aria-describedby={descriptionId}
    >
      <SeriesPatterns idPrefix={patternPrefix} count={series.length} />
      {table.rows.map((row, rowIndex) => (
        <Group key={rowIndex} top={y(String(rowIndex)) ?? 0}>
          <text
            x={labelWidth - 8}
            y={groupHeight / 2}
            dy="0.35em"
            textAnchor="end"
            fontSize={12}
            fill={TEXT_COLOR}
          >
            {fit(categories[rowIndex], Math.floor((labelWidth - 12) / CHAR_WIDTH))}
          </text>
          {columns.map((column, seriesIndex) => {
            const value = row[column.key] ?? null;
            const barWidth = x(numericCell(value));
            const top = inner(column.key) ?? 0;
            return (
              <g key={column.key}>
                <Bar
                  x={labelWidth}
                  y={top}
                  width={barWidth}
                  height={inner.bandwidth()}
                  fill={seriesFill(patternPrefix, seriesIndex)}
                  stroke={barWidth > 0 ? BAR_OUTLINE : 'none'}
                  strokeWidth={1}
                />
                <text
                  className="in-chart__value"
                  x={labelWidth + barWidth + 6}
                  y={top + inner.bandwidth() / 2}
                  dy="0.35em"
                  fontSize={12}
                  fill={TEXT_COLOR}
                >
                  {barLabel(table, row, column.key, annotation)}
                </text>
              </g>
            );
          })}
        </Group>
      ))}
    </svg>
  );
}

const VERTICAL = { height: 240, top: 22, left: 64, right: 12, bottom: 44 };
/** Each further marker's label sits one line higher, so neighbours never overlap. */
const MARKER_LINE = 14;

function VerticalBars({
  table,
  category,
  series,
  width,
  label,
  descriptionId,
  patternPrefix,
  markers = [],
}: DrawProps) {
  const categories = table.rows.map((row) => String(row[category] ?? ''));
  const columns = series.map((key) => columnOf(table, key));
  const plotWidth = Math.max(40, width - VERTICAL.left - VERTICAL.right);
  const plotHeight = VERTICAL.height;
  const marginTop = VERTICAL.top + Math.max(0, markers.length - 1) * MARKER_LINE;

  const max = Math.max(
    1,
    ...table.rows.flatMap((row) => series.map((key) => numericCell(row[key] ?? null))),
  );
  const y = scaleLinear<number>({ domain: [0, max], range: [plotHeight, 0], nice: true });
  const x = scaleBand<string>({ domain: categories, range: [0, plotWidth], padding: 0.2 });
  const inner = scaleBand<string>({
    domain: [...series],
    range: [0, x.bandwidth()],
    padding: 0.08,
  });

  // Category labels wrap at their words within their column; every n-th is shown when even
  // their longest word does not fit (the table has all).
  const longestWord = Math.max(
    1,
    ...categories.flatMap((text) => text.split(' ').map((word) => word.length)),
  );
  const step = Math.max(1, Math.ceil((longestWord * 6.5 + 8) / Math.max(1, x.step())));
  const shownCategories = categories.filter((_, index) => index % step === 0);
  const valueKind = columns[0]?.kind ?? 'count';

  return (
    <svg
      className="in-chart__svg"
      width={width}
      height={plotHeight + marginTop + VERTICAL.bottom}
      role="img"
      aria-label={label}
      aria-describedby={descriptionId}
    >
      <SeriesPatterns idPrefix={patternPrefix} count={series.length} />
      <Group left={VERTICAL.left} top={marginTop}>
        <AxisLeft
          scale={y}
          // Counts are whole: no tick at 2.5 printed as a second "3".
          tickValues={y.ticks(5).filter((tick) => valueKind !== 'count' || Number.isInteger(tick))}
          tickFormat={(value) => formatCell(valueKind, Number(value))}
          stroke={MUTED_COLOR}
          tickStroke={MUTED_COLOR}
          tickLabelProps={{
            fill: TEXT_COLOR,
            fontSize: 11,
            textAnchor: 'end',
            dx: -4,
            dy: '0.33em',
          }}
        />
        <AxisBottom
          top={plotHeight}
          scale={x}
          tickValues={shownCategories}
          stroke={MUTED_COLOR}
          tickStroke={MUTED_COLOR}
          tickLabelProps={{
            fill: TEXT_COLOR,
            fontSize: 11,
            textAnchor: 'middle',
            verticalAnchor: 'start',
            width: x.step() * step,
          }}
        />
        {table.rows.map((row, rowIndex) => (
          <Group key={rowIndex} left={x(categories[rowIndex]) ?? 0}>
            {columns.map((column, seriesIndex) => {
              const value = row[column.key] ?? null;
              const top = y(numericCell(value));
              const barWidth = inner.bandwidth();
              const text = formatCell(column.kind, value);
              return (
                <g key={column.key}>
                  <Bar
                    x={inner(column.key) ?? 0}
                    y={top}
                    width={barWidth}
                    height={plotHeight - top}
                    fill={seriesFill(patternPrefix, seriesIndex)}
                    stroke={plotHeight - top > 0 ? BAR_OUTLINE : 'none'}
                    strokeWidth={1}
                  />
                  {/* The value over its bar where it fits (none over an empty one); the table has all. */}
                  {numericCell(value) > 0 && text.length * 7 <= barWidth ? (
                    <text
                      className="in-chart__value"
                      x={(inner(column.key) ?? 0) + barWidth / 2}
                      y={top - 4}
                      textAnchor="middle"
                      fontSize={11}
                      fill={TEXT_COLOR}
                    >
                      {text}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </Group>
        ))}
        {markers.map((marker, index) => {
          const left = x(marker.category);
          if (left === undefined) return null;
          // Two markers in one category: the lines sit apart (their labels are a line apart).
          const sharing = markers.filter((other) => other.category === marker.category).length > 1;
          const at = left + x.bandwidth() * (sharing ? (index === 0 ? 0.3 : 0.7) : 0.5);
          const labelOnLeft = at > plotWidth - 100;
          return (
            <g key={marker.label}>
              <Line
                from={{ x: at, y: -6 - index * MARKER_LINE }}
                to={{ x: at, y: plotHeight }}
                stroke={TEXT_COLOR}
                strokeWidth={1.5}
                strokeDasharray="5 3"
              />
              <text
                x={labelOnLeft ? at - 4 : at + 4}
                y={-10 - index * MARKER_LINE}
                textAnchor={labelOnLeft ? 'end' : 'start'}
                fontSize={11}
                fontWeight={600}
                fill={TEXT_COLOR}
              >
                {marker.label}
              </text>
            </g>
          );
        })}
      </Group>
    </svg>
  );
}

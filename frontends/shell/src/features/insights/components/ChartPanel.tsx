import { useId, useState, type ReactNode } from 'react';
import { useElementWidth } from '../hooks/useElementWidth';
import { columnOf, describeTable, type ChartTable } from '../utils/chart-table';
import { csvHref } from '../utils/csv';
import { INSIGHTS_TEXTS as T } from '../utils/insights-texts';
import { BarChart, type BarChartProps } from './BarChart';
import { ChartLegend } from './ChartLegend';
import { DataTable } from './DataTable';

type ChartView = 'chart' | 'table';

export interface ChartPanelProps {
  /** The chart's heading and accessible name. */
  title: string;
  /** A sentence on what is counted (shown under the heading). */
  note?: ReactNode;
  table: ChartTable;
  /** The CSV's file name, without `.csv`. */
  fileName: string;
  chart: Pick<BarChartProps, 'category' | 'series' | 'orientation' | 'markers' | 'annotation'>;
  /** Figures said beside the chart (a median, a total): in both views. */
  headline?: ReactNode;
  /** What is said instead of an empty chart. */
  emptyText?: string;
}

/**
 * One chart of the page: its heading, the Chart/Table switch, the chart (or its table) and
 * Download CSV of that same table. The chart is described in words for screen readers.
 */
export function ChartPanel({
  title,
  note,
  table,
  fileName,
  chart,
  headline,
  emptyText = T.emptyChart,
}: ChartPanelProps) {
  const [view, setView] = useState<ChartView>('chart');
  const titleId = useId();
  const descriptionId = useId();
  const legendId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const empty = table.rows.length === 0;
  const seriesLabels = chart.series.map((key) => columnOf(table, key).label);

  return (
    <section className="ps-card in-chart" aria-labelledby={titleId}>
      <div className="in-chart__head">
        <h2 id={titleId} className="in-chart__title">
          {title}
        </h2>
        {empty ? null : (
          <div className="in-chart__tools">
            <div className="in-switch" role="group" aria-label={`${title}: view`}>
              {(['chart', 'table'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="in-switch__option"
                  aria-pressed={view === option}
                  onClick={() => setView(option)}
                >
                  {option === 'chart' ? T.chartView : T.tableView}
                </button>
              ))}
            </div>
            <a
              className="ps-button in-chart__csv"
              href={csvHref(table)}
              download={`${fileName}.csv`}
            >
              {T.downloadCsv}
              <span className="ps-visually-hidden">{` (${title})`}</span>
            </a>
          </div>
        )}
      </div>
      {note ? <p className="in-chart__note">{note}</p> : null}
      {headline ? <div className="in-chart__headline">{headline}</div> : null}
      <div ref={ref} className="in-chart__body">
        {empty ? (
          <p className="in-chart__empty">{emptyText}</p>
        ) : view === 'table' ? (
          <DataTable table={table} caption={title} />
        ) : (
          <>
            <ChartLegend labels={seriesLabels} idPrefix={legendId} />
            <BarChart
              {...chart}
              table={table}
              width={width}
              label={title}
              descriptionId={descriptionId}
            />
            <p id={descriptionId} className="ps-visually-hidden">
              {describeTable(table)}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

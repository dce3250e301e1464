/**
 * What one chart shows, as a table: the chart draws its bars from these rows, the Table view
 * lists them and Download CSV writes them, all through `formatCell`, so the three never differ.
 */
export type CellValue = string | number | null;

/** How a column's values read: a count, a share of a whole (0–1), an amount, days, a name. */
export type ColumnKind = 'text' | 'count' | 'percent' | 'money' | 'days';

export interface ChartColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
}

export type ChartRow = Readonly<Record<string, CellValue>>;

export interface ChartTable {
  readonly columns: readonly ChartColumn[];
  readonly rows: readonly ChartRow[];
}

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const DAYS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The text a cell shows: the table's, the CSV's and the chart's value labels alike. */
export function formatCell(kind: ColumnKind, value: CellValue): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'count':
      return COUNT.format(value);
    case 'percent':
      return PERCENT.format(value);
    case 'money':
      return MONEY.format(value);
    case 'days':
      return `${DAYS.format(value)} d`;
    case 'text':
      return String(value);
  }
}

/** The numeric value a chart draws for a cell (a missing figure draws nothing). */
export function numericCell(value: CellValue): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A column by key; a chart naming a column its table lacks is a programming error. */
export function columnOf(table: ChartTable, key: string): ChartColumn {
  const column = table.columns.find((candidate) => candidate.key === key);
  if (!column) throw new Error(`the table has no column "${key}"`);
  return column;
}

/** The figures of a table in words, one row a sentence: the chart's description for screen readers. */
export function describeTable(table: ChartTable): string {
  return table.rows
    .map((row) =>
      table.columns
        .map((column) => `${column.label}: ${formatCell(column.kind, row[column.key] ?? null)}`)
        .join(', '),
    )
    .join('. ');
}

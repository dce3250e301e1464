import { formatCell, type ChartTable } from './chart-table';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return at the start):
 * names and decline reasons are typed by people, so such text is quoted as text (OWASP CSV
 * injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(text: string, guardFormula: boolean): string {
  const safe = guardFormula && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A chart's table as CSV (RFC 4180): the column labels, then each row's cells exactly as the
 * Table view shows them. Text cells only are guarded against formulas; numbers are ours.
 */
export function tableToCsv(table: ChartTable): string {
  const header = table.columns.map((column) => csvField(column.label, true));
  const lines = table.rows.map((row) =>
    table.columns.map((column) =>
      csvField(formatCell(column.kind, row[column.key] ?? null), column.kind === 'text'),
    ),
  );
  return [header, ...lines].map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** A link target that downloads the CSV (a data URL: no object URL to revoke, readable in tests). */
export function csvHref(table: ChartTable): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(tableToCsv(table))}`;
}

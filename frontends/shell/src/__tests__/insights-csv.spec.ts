import type { ChartTable } from '../features/insights/utils/chart-table';
import { csvHref, tableToCsv } from '../features/insights/utils/csv';

const table: ChartTable = {
  columns: [
    { key: 'reason', label: 'Reason', kind: 'text' },
    { key: 'count', label: 'Declines', kind: 'count' },
    { key: 'value', label: 'Value, waiting', kind: 'money' },
    { key: 'rate', label: 'Share', kind: 'percent' },
  ],
  rows: [
    { reason: 'Price, "too high"', count: 1200, value: 1500.5, rate: 0.125 },
    { reason: '=HYPERLINK("http://evil.example")', count: 1, value: -20, rate: null },
    { reason: '@SUM(A1)', count: 0, value: 0, rate: 0 },
  ],
};

describe('tableToCsv', () => {
  it('writes the cells as the table shows them, quoting commas and quotes', () => {
    expect(tableToCsv(table).split('\r\n')[0]).toBe('Reason,Declines,"Value, waiting",Share');
    expect(tableToCsv(table).split('\r\n')[1]).toBe(
      '"Price, ""too high""","1,200","$1,500.50",12.5%',
    );
  });

  it('keeps text a spreadsheet would run as a formula as text; numbers stay numbers', () => {
    const [, , formula, at] = tableToCsv(table).split('\r\n');
    expect(formula).toBe(`"'=HYPERLINK(""http://evil.example"")",1,-$20.00,—`);
    expect(at).toBe(`'@SUM(A1),0,$0.00,0%`);
  });

  it('ends every line with CRLF, and the link carries the same text', () => {
    const csv = tableToCsv(table);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(decodeURIComponent(csvHref(table).replace('data:text/csv;charset=utf-8,', ''))).toBe(
      csv,
    );
  });
});

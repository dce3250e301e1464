import { formatCell, type ChartTable } from '../utils/chart-table';

/**
 * A chart's figures as a table (the chart's accessible equivalent): its first column names the
 * row; it scrolls sideways on a phone rather than squeezing.
 */
export function DataTable({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <div className="in-table-scroll" role="region" aria-label={`${caption} (table)`} tabIndex={0}>
      <table className="in-table">
        <caption className="ps-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.kind === 'text' ? undefined : 'in-table__number'}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {table.columns.map((column, columnIndex) => {
                const text = formatCell(column.kind, row[column.key] ?? null);
                const className = column.kind === 'text' ? undefined : 'in-table__number';
                return columnIndex === 0 ? (
                  <th key={column.key} scope="row" className={className}>
                    {text}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

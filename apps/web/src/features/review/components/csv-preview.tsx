import { resultTable } from '../../../components/query-result/csv';

const PREVIEW_ROWS = 8;

/** The first rows of a result, as a small table (the full result is on the question's page). */
export function CsvPreview({ csv, rowCount }: { csv: string | null; rowCount: number | null }) {
  if (!csv) return <p className="text-sm text-slate-500">No result.</p>;
  const table = resultTable(csv);
  const rows = table.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="overflow-x-auto" data-testid="csv-preview">
      <table className="min-w-full text-left text-xs">
        <thead>
          <tr>
            {table.columns.map((header) => (
              <th key={header} className="border-b border-slate-200 px-2 py-1 font-semibold text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a result have no identity of their own.
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td
                  key={table.columns[cellIndex] ?? cellIndex}
                  className="border-b border-slate-100 px-2 py-1 text-slate-800 tabular-nums"
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rowCount !== null && rowCount > rows.length ? (
        <p className="mt-1 text-xs text-slate-500">
          {rows.length} of {rowCount} rows
        </p>
      ) : null}
    </div>
  );
}

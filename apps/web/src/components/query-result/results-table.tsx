/**
 * 'Query Results': the CSV result as a table with a copy menu (CSV, TSV, Markdown, JSON). Rows are
 * virtualised, so a result of tens of thousands of rows scrolls as smoothly as ten; column widths are
 * worked out once from the header and a sample of values, so they do not jump while scrolling.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { Check, ChevronDown, Copy, Download, Info, Table2 } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { buttonClassName } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { COPY_FORMATS, type CsvTable, formatNumericCell, formatTable, parseCsv } from './csv';
import { ResultSection } from './result-section';

const ROW_HEIGHT_PX = 37;
const MAX_BODY_HEIGHT_PX = 480;
const WIDTH_SAMPLE_ROWS = 500;
const CHAR_WIDTH_PX = 7.6;
const MIN_COLUMN_PX = 84;
const MAX_COLUMN_PX = 420;
const INDEX_COLUMN_PX = 56;

const rowCountFormat = new Intl.NumberFormat('en-GB');

export function rowCountLabel(count: number): string {
  return `${rowCountFormat.format(count)} ${count === 1 ? 'row' : 'rows'}`;
}

export function ResultsTableSection({
  csv,
  truncated = false,
  rowCount,
}: {
  csv: string;
  truncated?: boolean;
  /** The server's row count, when it sent one (the CSV's own count otherwise). */
  rowCount?: number;
}) {
  const table = useMemo(() => parseCsv(csv), [csv]);
  const count = rowCount ?? table.rows.length;
  return (
    <ResultSection
      title="Query Results"
      icon={Table2}
      data-testid="section-results"
      badge={
        <Badge tone="neutral" data-testid="row-count">
          {rowCountLabel(count)}
        </Badge>
      }
      actions={
        table.columns.length ? (
          <div className="flex gap-2">
            <a
              className={buttonClassName({ variant: 'outline', size: 'sm' })}
              href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}
              download="query-results.csv"
            >
              <Download aria-hidden />
              Download CSV
            </a>
            <CopyMenu table={table} />
          </div>
        ) : null
      }
      bodyClassName="p-0"
    >
      {truncated ? (
        <p
          className="flex items-center gap-2 border-b border-amber-100 bg-amber-50 px-5 py-2 text-xs text-amber-800"
          data-testid="truncated-note"
        >
          <Info aria-hidden className="size-3.5 shrink-0" />
          The result was truncated: only the first {rowCountLabel(table.rows.length)} are shown.
        </p>
      ) : null}
      {table.columns.length === 0 || table.rows.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">The query returned no rows.</p>
      ) : (
        <VirtualTable table={table} />
      )}
    </ResultSection>
  );
}

function columnWidths(table: CsvTable): number[] {
  const sample = table.rows.slice(0, WIDTH_SAMPLE_ROWS);
  return table.columns.map((column, c) => {
    let chars = column.length;
    for (const row of sample) {
      const value = row[c] ?? '';
      const shown = table.numeric[c] ? formatNumericCell(value, column) : value;
      if (shown.length > chars) chars = shown.length;
    }
    return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, chars * CHAR_WIDTH_PX + 32)));
  });
}

function VirtualTable({ table }: { table: CsvTable }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const widths = useMemo(() => columnWidths(table), [table]);
  const totalWidth = widths.reduce((sum, w) => sum + w, INDEX_COLUMN_PX);
  const virtualizer = useVirtualizer({
    count: table.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 12,
    // A first paint before the container is measured (and happy-dom tests) still shows the top rows.
    initialRect: { width: 1024, height: MAX_BODY_HEIGHT_PX },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      className="overflow-auto"
      style={{ maxHeight: MAX_BODY_HEIGHT_PX }}
      data-testid="results-table-scroll"
    >
      <table
        className="table-fixed border-separate border-spacing-0 text-left text-sm"
        style={{ width: totalWidth, minWidth: '100%' }}
        data-testid="results-table"
        aria-rowcount={table.rows.length + 1}
      >
        <colgroup>
          <col style={{ width: INDEX_COLUMN_PX }} />
          {widths.map((width, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
            <col key={c} style={{ width }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10">
          <tr>
            <th
              scope="col"
              className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-right text-xs font-medium text-slate-400"
            >
              #
            </th>
            {table.columns.map((column, c) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and may repeat names.
                key={c}
                scope="col"
                title={column}
                className={cn(
                  'truncate border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600',
                  table.numeric[c] && 'text-right',
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden>
              <td style={{ height: paddingTop, padding: 0 }} colSpan={table.columns.length + 1} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = table.rows[item.index] ?? [];
            return (
              <tr
                key={item.key}
                className="group"
                style={{ height: ROW_HEIGHT_PX }}
                aria-rowindex={item.index + 2}
                data-testid="results-row"
              >
                <td className="border-b border-slate-100 px-3 text-right font-mono text-xs text-slate-400 tabular-nums group-hover:bg-brand-50/40">
                  {item.index + 1}
                </td>
                {table.columns.map((column, c) => {
                  const value = row[c] ?? '';
                  const shown = table.numeric[c] ? formatNumericCell(value, column) : value;
                  return (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                      key={c}
                      title={value.length > 24 ? value : undefined}
                      className={cn(
                        'truncate border-b border-slate-100 px-3 text-slate-800 group-hover:bg-brand-50/40',
                        table.numeric[c] && 'text-right tabular-nums',
                        value === '' && 'text-slate-300',
                      )}
                    >
                      {value === '' ? '—' : shown}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden>
              <td style={{ height: paddingBottom, padding: 0 }} colSpan={table.columns.length + 1} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function CopyMenu({ table }: { table: CsvTable }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={buttonClassName({ variant: 'outline', size: 'sm' })} aria-live="polite">
        {copied ? <Check aria-hidden className="text-emerald-600" /> : <Copy aria-hidden />}
        {copied ? 'Copied!' : 'Copy'}
        <ChevronDown aria-hidden className="text-slate-400" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-60">
        <DropdownMenuLabel>Copy results as</DropdownMenuLabel>
        {COPY_FORMATS.map(({ format, label, description }) => (
          <DropdownMenuItem key={format} onSelect={() => void copy(formatTable(table, format))}>
            <span className="font-medium text-slate-800">{label}</span>
            <span className="ml-auto text-xs text-slate-500">({description})</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

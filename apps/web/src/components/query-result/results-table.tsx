/**
 * 'Query Results': the CSV result as a table with a copy menu (CSV, TSV, Markdown, JSON). Rows are
 * virtualised, so a result of tens of thousands of rows scrolls as smoothly as ten; column widths are
 * worked out once from the header and a sample of values, so they do not jump while scrolling. Headings sort
 * (TanStack Table) and a filter box narrows the rows; the rules for what Copy and Download then export are in
 * table-model.ts.
 */

import type { ResultColumn } from '@qa/contracts';
import { type ReactTable, type SortingState, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Check,
  ChevronDown,
  Copy,
  Download,
  Info,
  Search,
  Table2,
  X,
} from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
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
import { inputClassName } from '../ui/input';
import {
  COPY_FORMATS,
  type CsvTable,
  formatNumericCell,
  formatTable,
  isNumberType,
  resultTable,
  toCsv,
} from './csv';
import { ResultSection } from './result-section';
import {
  exportRows,
  globalFilterFor,
  normaliseQuery,
  type ResultRow,
  resultColumns,
  resultTableFeatures,
} from './table-model';

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

/** The parsed result, its sortable and filterable table, and what Copy and Download export. */
function useResultTable(csv: string, typedColumns: ResultColumn[] | null | undefined) {
  const parsed = useMemo(() => resultTable(csv, typedColumns), [csv, typedColumns]);
  const columns = useMemo(() => resultColumns(parsed), [parsed]);
  const globalFilterFn = useMemo(() => globalFilterFor(parsed), [parsed]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filter, setFilter] = useState('');
  const table = useTable({
    features: resultTableFeatures,
    columns,
    data: parsed.rows,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: (updater: unknown) =>
      setFilter((old) => String((typeof updater === 'function' ? updater(old) : updater) ?? '')),
    globalFilterFn,
    getColumnCanGlobalFilter: () => true,
    enableMultiSort: false,
  });
  const filtered = normaliseQuery(filter) !== '';
  // Sorting only reorders the view; a filter narrows the export to the matching rows (in the query's order).
  const exported = useMemo<CsvTable>(
    () => (filtered ? { ...parsed, rows: exportRows(parsed, filter) } : parsed),
    [parsed, filter, filtered],
  );
  const ofTotal = filtered
    ? `${rowCountFormat.format(exported.rows.length)} of ${rowCountLabel(parsed.rows.length)}`
    : null;
  const sorted = sorting[0];
  const sortNote =
    sorted && parsed.columns[Number(sorted.id)] !== undefined
      ? `Sorted by ${parsed.columns[Number(sorted.id)]} (${sorted.desc ? 'descending' : 'ascending'}); Copy and Download keep the query's order.`
      : null;
  return { parsed, table, filter, setFilter, filtered, exported, ofTotal, sortNote };
}

export function ResultsTableSection({
  csv,
  columns,
  truncated = false,
  rowCount,
  fileName = 'query-results.csv',
}: {
  csv: string;
  /** The CSV download's file name (named after the question). */
  fileName?: string;
  /** The result's column types, when the answer has them (the table infers number columns otherwise). */
  columns?: ResultColumn[] | null | undefined;
  truncated?: boolean;
  /** The server's row count, when it sent one (the CSV's own count otherwise). */
  rowCount?: number;
}) {
  const view = useResultTable(csv, columns);
  const { parsed, table, filter, filtered, exported, ofTotal } = view;
  const count = rowCount ?? parsed.rows.length;
  const csvHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(filtered ? toCsv(exported) : csv)}`,
    [csv, exported, filtered],
  );
  const hasRows = parsed.columns.length > 0 && parsed.rows.length > 0;

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
        parsed.columns.length ? (
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonClassName({ variant: 'outline', size: 'sm' })}
              href={csvHref}
              download={fileName}
              data-testid="download-csv"
            >
              <Download aria-hidden />
              {ofTotal ? `Download CSV (${ofTotal})` : 'Download CSV'}
            </a>
            <CopyMenu table={exported} label={ofTotal ? `Copy ${ofTotal}` : 'Copy'} />
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
          The result was truncated: only the first {rowCountLabel(parsed.rows.length)} are shown.
        </p>
      ) : null}
      {hasRows ? <TableToolbar {...view} /> : null}
      {!hasRows ? (
        <p className="px-5 py-6 text-sm text-slate-500">The query returned no rows.</p>
      ) : table.getRowModel().rows.length === 0 ? (
        <>
          <VirtualTable table={table} parsed={parsed} />
          <p className="px-5 py-6 text-sm text-slate-500" data-testid="results-no-match">
            No rows match “{filter.trim()}”.
          </p>
        </>
      ) : (
        <VirtualTable table={table} parsed={parsed} />
      )}
    </ResultSection>
  );
}

/** The filter box and the note on what the view shows and what Copy and Download export. */
function TableToolbar({
  filter,
  setFilter,
  filtered,
  ofTotal,
  sortNote,
}: Pick<ReturnType<typeof useResultTable>, 'filter' | 'setFilter' | 'filtered' | 'ofTotal' | 'sortNote'>) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-100 px-5 py-2.5">
      <div className="relative w-full max-w-64">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter rows"
          aria-label="Filter rows"
          className={cn(inputClassName, 'h-8 py-1 pr-8 pl-8 text-xs')}
          data-testid="results-filter"
        />
        {filter ? (
          <button
            type="button"
            onClick={() => setFilter('')}
            aria-label="Clear filter"
            className="absolute top-1/2 right-1.5 flex size-5 -translate-y-1/2 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        ) : null}
      </div>
      <p className="text-xs text-slate-500" aria-live="polite" data-testid="results-view-note">
        {filtered
          ? `Showing ${ofTotal}. Copy and Download use these rows.`
          : (sortNote ?? 'Click a column heading to sort.')}
      </p>
    </div>
  );
}

function columnWidths(table: CsvTable): number[] {
  const sample = table.rows.slice(0, WIDTH_SAMPLE_ROWS);
  return table.columns.map((column, c) => {
    let chars = column.length;
    for (const row of sample) {
      const value = row[c] ?? '';
      const shown = isNumberType(table.types[c]) ? formatNumericCell(value, column) : value;
      if (shown.length > chars) chars = shown.length;
    }
    return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, chars * CHAR_WIDTH_PX + 32)));
  });
}

type ResultTable = ReactTable<typeof resultTableFeatures, ResultRow>;
type ResultHeader = ReturnType<ResultTable['getHeaderGroups']>[number]['headers'][number];

function VirtualTable({ table, parsed }: { table: ResultTable; parsed: CsvTable }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const widths = useMemo(() => columnWidths(parsed), [parsed]);
  const totalWidth = widths.reduce((sum, w) => sum + w, INDEX_COLUMN_PX);
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 12,
    // A first paint before the container is measured (and happy-dom tests) still shows the top rows.
    initialRect: { width: 1024, height: MAX_BODY_HEIGHT_PX },
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

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
        aria-rowcount={rows.length + 1}
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
              title="Row number in the query's order"
              className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-right text-xs font-medium text-slate-600"
            >
              #
            </th>
            {headers.map((header) => (
              <HeaderCell key={header.id} header={header} parsed={parsed} />
            ))}
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={paddingTop} columns={parsed.columns.length} />
          {items.map((item) => {
            const tableRow = rows[item.index];
            if (!tableRow) return null;
            return (
              <tr
                key={tableRow.id}
                className="group"
                style={{ height: ROW_HEIGHT_PX }}
                aria-rowindex={item.index + 2}
                data-testid="results-row"
              >
                <td className="border-b border-slate-100 px-3 text-right font-mono text-xs text-slate-600 tabular-nums group-hover:bg-brand-50/40">
                  {tableRow.index + 1}
                </td>
                <RowCells row={tableRow.original} parsed={parsed} />
              </tr>
            );
          })}
          <SpacerRow height={paddingBottom} columns={parsed.columns.length} />
        </tbody>
      </table>
    </div>
  );
}

/** The room of the rows scrolled out of view, above or below the rendered ones. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td style={{ height, padding: 0 }} colSpan={columns + 1} />
    </tr>
  );
}

function HeaderCell({ header, parsed }: { header: ResultHeader; parsed: CsvTable }) {
  const c = Number(header.column.id);
  const column = parsed.columns[c] ?? '';
  const numeric = isNumberType(parsed.types[c]);
  const direction = header.column.getIsSorted();
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className="border-b border-slate-200 bg-slate-50 p-0 text-xs font-semibold text-slate-600"
    >
      <button
        type="button"
        onClick={header.column.getToggleSortingHandler()}
        title={`${column}: sort ${numeric ? 'by value' : 'A to Z'}; click again to reverse, a third time to clear`}
        className={cn(
          'flex w-full items-center gap-1 px-3 py-2 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          numeric && 'flex-row-reverse',
          direction && 'text-brand-700',
        )}
        data-testid="results-sort"
      >
        <span className={cn('min-w-0 truncate', numeric && 'text-right')}>{column}</span>
        <SortIcon
          aria-hidden
          className={cn('size-3.5 shrink-0', direction ? 'text-brand-600' : 'text-slate-300')}
        />
      </button>
    </th>
  );
}

function RowCells({ row, parsed }: { row: ResultRow; parsed: CsvTable }) {
  return parsed.columns.map((column, c) => {
    const value = row[c] ?? '';
    const numeric = isNumberType(parsed.types[c]);
    const shown = numeric ? formatNumericCell(value, column) : value;
    return (
      <td
        // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
        key={c}
        title={value.length > 24 ? value : undefined}
        className={cn(
          'truncate border-b border-slate-100 px-3 text-slate-800 group-hover:bg-brand-50/40',
          numeric && 'text-right tabular-nums',
          value === '' && 'text-slate-300',
        )}
      >
        {value === '' ? '—' : shown}
      </td>
    );
  });
}

function CopyMenu({ table, label }: { table: CsvTable; label: string }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={buttonClassName({ variant: 'outline', size: 'sm' })} aria-live="polite">
        {copied ? <Check aria-hidden className="text-emerald-600" /> : <Copy aria-hidden />}
        {copied ? 'Copied!' : label}
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

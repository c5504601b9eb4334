/**
 * How the result table sorts, filters and exports. The rules:
 * - a numeric column sorts by value (10 after 9), a text column by en-GB collation (case and accents
 *   folded, digits inside names in numeric order); empty cells go last in either direction;
 * - the filter keeps rows where any cell contains the words typed, matched against the raw value and the
 *   value as shown (so "12,345" and "12345" both find 12345), ignoring case;
 * - sorting only changes the view: Copy and Download keep the query's own row order. A filter narrows
 *   what they export to the rows that match, still in the query's order, and the buttons say so.
 */
import {
  type ColumnDef,
  type CreatedSortFn,
  columnFilteringFeature,
  constructSortFn,
  createFilteredRowModel,
  createSortedRowModel,
  type FilterFn,
  globalFilteringFeature,
  type Row,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { type CsvTable, formatNumericCell, isNumberType } from './csv';

export type ResultRow = string[];

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/** Compares two non-empty cells of one column: by number in a numeric column, by en-GB collation otherwise. */
export function compareCells(a: string, b: string, numeric: boolean): number {
  if (numeric) {
    const x = Number(a);
    const y = Number(b);
    if (x !== y) return x < y ? -1 : 1;
    return 0;
  }
  return collator.compare(a, b);
}

export const resultTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
});

type Features = typeof resultTableFeatures;

function cellValue(row: ResultRow, c: number): string | undefined {
  const value = row[c] ?? '';
  // Empty cells read as undefined so the table's "undefined last" rule keeps them at the bottom.
  return value === '' ? undefined : value;
}

function sortFnFor(numeric: boolean): CreatedSortFn<Features, ResultRow> {
  return constructSortFn<Features, ResultRow>({
    sort: (a: string, b: string) => compareCells(a, b, numeric),
  });
}

const numericSort = sortFnFor(true);
const textSort = sortFnFor(false);

/** The column definitions of a parsed result: accessor by position, sort rule by column type. */
export function resultColumns(table: CsvTable): ColumnDef<Features, ResultRow>[] {
  return table.columns.map((name, c) => ({
    id: String(c),
    header: name,
    accessorFn: (row: ResultRow) => cellValue(row, c),
    sortFn: isNumberType(table.types[c]) ? numericSort : textSort,
    sortUndefined: 'last' as const,
    sortDescFirst: false,
  }));
}

/** The words typed in the filter, lower-cased; empty when there is nothing to filter by. */
export function normaliseQuery(query: string): string {
  return query.trim().toLocaleLowerCase('en-GB');
}

/** Whether one cell matches the filter text (raw value or the value as the table shows it). */
export function cellMatches(value: string, column: string, numeric: boolean, query: string): boolean {
  if (!query) return true;
  if (value.toLocaleLowerCase('en-GB').includes(query)) return true;
  return numeric && formatNumericCell(value, column).toLocaleLowerCase('en-GB').includes(query);
}

/** Whether a row matches the filter text in any of its cells. */
export function rowMatches(row: ResultRow, table: CsvTable, query: string): boolean {
  const q = normaliseQuery(query);
  if (!q) return true;
  return table.columns.some((column, c) =>
    cellMatches(row[c] ?? '', column, isNumberType(table.types[c]), q),
  );
}

/** The table's global filter: a row passes when any cell matches (evaluated per cell by the table). */
export function globalFilterFor(table: CsvTable): FilterFn<Features, ResultRow> {
  const fn: FilterFn<Features, ResultRow> = (
    row: Row<Features, ResultRow>,
    columnId: string,
    filterValue: unknown,
  ) => {
    const c = Number(columnId);
    const q = normaliseQuery(String(filterValue ?? ''));
    return cellMatches(row.original[c] ?? '', table.columns[c] ?? '', isNumberType(table.types[c]), q);
  };
  fn.autoRemove = (value: unknown) => normaliseQuery(String(value ?? '')) === '';
  return fn;
}

/** The rows Copy and Download export: all of them, or those that match the filter, in the query's order. */
export function exportRows(table: CsvTable, query: string): ResultRow[] {
  if (!normaliseQuery(query)) return table.rows;
  return table.rows.filter((row) => rowMatches(row, table, query));
}

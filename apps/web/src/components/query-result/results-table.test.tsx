import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resultTable } from './csv';
import { ResultsTableSection } from './results-table';
import { compareCells, exportRows } from './table-model';

afterEach(cleanup);

// happy-dom lays nothing out, so the virtualised body would measure 0 px high and show no rows; give the
// scroll container a size as a browser would.
const sizes = ['clientHeight', 'clientWidth'] as const;
const saved = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
beforeAll(() => {
  for (const name of sizes) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get() {
        return name === 'clientHeight' ? 480 : 1024;
      },
    });
  }
});
afterAll(() => {
  sizes.forEach((name, i) => {
    const descriptor = saved[i];
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
});

const CSV = 'region,premises\nWales,900\nyorkshire,10000\nÉcosse,95\nLondon,\nEngland,1200\n';

function firstColumn(): string[] {
  return screen
    .getAllByTestId('results-row')
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

function secondColumn(): string[] {
  return screen
    .getAllByTestId('results-row')
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent ?? '');
}

describe('compareCells', () => {
  it('orders numbers by value and text by en-GB collation', () => {
    expect(['10000', '900', '95', '-3', '1.5'].sort((a, b) => compareCells(a, b, true))).toEqual([
      '-3',
      '1.5',
      '95',
      '900',
      '10000',
    ]);
    expect(
      ['yorkshire', 'Wales', 'Écosse', 'area 10', 'area 9'].sort((a, b) => compareCells(a, b, false)),
    ).toEqual(['area 9', 'area 10', 'Écosse', 'Wales', 'yorkshire']);
  });
});

describe('exportRows', () => {
  it('keeps every row in the query order without a filter, and only matching rows (same order) with one', () => {
    const table = resultTable(CSV);
    expect(exportRows(table, '  ')).toBe(table.rows);
    expect(exportRows(table, 'nd').map((r) => r[0])).toEqual(['London', 'England']);
    // The shown form of a number matches too: 10,000 is how 10000 reads in the table.
    expect(exportRows(table, '10,000').map((r) => r[0])).toEqual(['yorkshire']);
  });
});

describe('ResultsTableSection sorting and filtering', () => {
  it('sorts a numeric column by value, reverses, clears, and keeps empty cells last', () => {
    render(<ResultsTableSection csv={CSV} />);
    const premises = screen.getByRole('button', { name: /premises/ });
    fireEvent.click(premises);
    expect(secondColumn()).toEqual(['95', '900', '1,200', '10,000', '—']);
    expect(premises.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(premises);
    expect(secondColumn()).toEqual(['10,000', '1,200', '900', '95', '—']);
    expect(premises.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('results-view-note').textContent).toContain('Sorted by premises (descending)');
    fireEvent.click(premises);
    expect(firstColumn()).toEqual(['Wales', 'yorkshire', 'Écosse', 'London', 'England']);
  });

  it('sorts a text column by collation, not by character code', () => {
    render(<ResultsTableSection csv={CSV} />);
    fireEvent.click(screen.getByRole('button', { name: /region/ }));
    expect(firstColumn()).toEqual(['Écosse', 'England', 'London', 'Wales', 'yorkshire']);
  });

  it('filters rows, says how many of how many, and narrows Copy and Download to them', () => {
    render(<ResultsTableSection csv={CSV} />);
    fireEvent.change(screen.getByLabelText('Filter rows'), { target: { value: 'ND' } });
    expect(firstColumn()).toEqual(['London', 'England']);
    expect(screen.getByTestId('results-view-note').textContent).toBe(
      'Showing 2 of 5 rows. Copy and Download use these rows.',
    );
    const download = screen.getByTestId('download-csv');
    expect(download.textContent).toBe('Download CSV (2 of 5 rows)');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      'data:text/csv;charset=utf-8,region,premises\r\nLondon,\r\nEngland,1200',
    );
    expect(screen.getByRole('button', { name: /Copy 2 of 5 rows/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(firstColumn()).toHaveLength(5);
    expect(screen.getByTestId('download-csv').textContent).toBe('Download CSV');
  });

  it('sorting alone leaves the download exactly the query result', () => {
    render(<ResultsTableSection csv={CSV} />);
    fireEvent.click(screen.getByRole('button', { name: /premises/ }));
    expect(decodeURIComponent(screen.getByTestId('download-csv').getAttribute('href') ?? '')).toBe(
      `data:text/csv;charset=utf-8,${CSV}`,
    );
  });

  it('takes number columns from the result’s column types rather than from the values', () => {
    const csv = 'code,premises\n"0123",5\n"0456",7\n';
    render(
      <ResultsTableSection
        csv={csv}
        columns={[
          { name: 'code', type: 'text' },
          { name: 'premises', type: 'integer' },
        ]}
      />,
    );
    const cells = within(screen.getAllByTestId('results-row')[0] as HTMLElement).getAllByRole('cell');
    expect(cells[1]?.className).not.toContain('text-right');
    expect(cells[2]?.className).toContain('text-right');
  });

  it('says when nothing matches', () => {
    render(<ResultsTableSection csv={CSV} />);
    fireEvent.change(screen.getByLabelText('Filter rows'), { target: { value: 'zzz' } });
    expect(screen.queryAllByTestId('results-row')).toHaveLength(0);
    expect(screen.getByTestId('results-no-match').textContent).toContain('No rows match');
  });
});

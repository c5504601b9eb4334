import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqlSection } from './sql-section';

afterEach(cleanup);

const SQL = 'SELECT government_region, COUNT(*) AS n FROM upc_output GROUP BY 1';

describe('SqlSection', () => {
  it('edits the SQL and runs the edited text', () => {
    const onRun = vi.fn();
    render(<SqlSection sql={SQL} editor={{ onRun, pending: false, error: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SQL' }));
    const box = screen.getByRole('textbox', { name: 'Edit the SQL' }) as HTMLTextAreaElement;
    expect(box.value).toBe(SQL);
    fireEvent.change(box, { target: { value: `${SQL} LIMIT 3` } });
    fireEvent.click(screen.getByRole('button', { name: 'Run edited SQL' }));
    expect(onRun).toHaveBeenCalledWith(`${SQL} LIMIT 3`);
  });

  it('says an empty edit cannot run, and shows why the server refused one', () => {
    const onRun = vi.fn();
    const { rerender } = render(<SqlSection sql={SQL} editor={{ onRun, pending: false, error: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SQL' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit the SQL' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run edited SQL' }));
    expect(onRun).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Write the SQL to run first.');
    rerender(
      <SqlSection
        sql={SQL}
        editor={{
          onRun,
          pending: false,
          error: 'The SQL was refused by the safety check: Only read-only SELECT statements are allowed.',
        }}
      />,
    );
    expect(screen.getByTestId('sql-editor').textContent).toContain('Only read-only SELECT statements');
  });

  it('marks SQL the user edited, and offers no editing where the screen does not', () => {
    render(<SqlSection sql={SQL} source="edited" />);
    expect(screen.getByRole('heading', { name: 'SQL Query' })).toBeTruthy();
    expect(screen.getByTestId('sql-source').textContent).toBe('Edited by you');
    expect(screen.queryByRole('button', { name: 'Edit SQL' })).toBeNull();
  });

  it("keeps the generated SQL's title", () => {
    render(<SqlSection sql={SQL} />);
    expect(screen.getByRole('heading', { name: 'Generated SQL Query' })).toBeTruthy();
    expect(screen.queryByTestId('sql-source')).toBeNull();
  });
});

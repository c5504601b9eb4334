import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgressPanel } from './progress-panel';

afterEach(cleanup);

const messages = [
  { message: '<status>Classifying the question</status>' },
  { message: 'Executing SQL query: SELECT 1' },
  { message: 'Executing SQL query: SELECT 1' },
  { message: 'Query executed successfully' },
  { message: 'Query executed successfully' },
];

const toggle = () => screen.getByRole('button', { name: /Progress Updates/ });

describe('ProgressPanel', () => {
  it('is not shown without messages', () => {
    render(<ProgressPanel messages={[]} loading />);
    expect(screen.queryByText('Progress Updates')).toBeNull();
  });

  it('opens while loading, closes when loading ends, and can be toggled', () => {
    const { rerender } = render(<ProgressPanel messages={messages} loading />);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByTestId('progress-item').map((li) => li.textContent)).toEqual([
      'Classifying the question',
      'Executing SQL query:SELECT 1',
      'Query executed successfully',
    ]);
    const body = screen.getByTestId('progress-panel-body');
    expect(body.style.maxHeight).toBe('400px');

    rerender(<ProgressPanel messages={messages} loading={false} />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('progress-panel-body')).toBeNull();

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});

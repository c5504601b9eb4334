import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownTables } from '../utils/answer-tables';
import type { ToolPart } from '../utils/tool-parts';
import { ToolCell } from './tool-cell';

afterEach(cleanup);

/** A completed tool cell: call and result share the call id `c<n>`. */
function completedPart(
  n: number,
  toolName: string,
  args: Record<string, unknown>,
  result: unknown,
): ToolPart {
  const tool_call_id = `c${n}`;
  return {
    kind: 'tool',
    id: `t${n}`,
    call: { tool_call_id, tool_name: toolName, args, is_mcp: false },
    result: {
      tool_call_id,
      tool_name: toolName,
      result,
      details: { result_length: JSON.stringify(result).length },
    },
  };
}

const part = completedPart(
  1,
  'run_sql',
  { sql: 'select 1' },
  {
    columns: ['region', 'premises'],
    rows: [
      ['Wales', 900],
      ['London', 41861],
    ],
    row_count: 2,
  },
);

describe('ToolCell result table', () => {
  it('shows the result table when the answer has none', () => {
    render(<ToolCell part={part} answerTables={[]} />);
    const result = screen.getByTestId('tool-result');
    expect(within(result).getAllByRole('row')).toHaveLength(3);
  });

  it('folds the result table when the answer text shows it, one click away', () => {
    const tables = markdownTables('| region | premises |\n| --- | --- |\n| Wales | 900 |');
    render(<ToolCell part={part} answerTables={tables} />);
    const result = screen.getByTestId('tool-result');
    expect(result.getAttribute('data-table-in-answer')).toBe('true');
    expect(result.textContent).toContain('2 rows · the table is shown in the answer');
    expect(within(result).queryAllByRole('row')).toHaveLength(0);
    fireEvent.click(within(result).getByRole('button', { name: 'Show the raw result' }));
    expect(within(result).getAllByRole('row')).toHaveLength(3);
  });
});

describe('ToolCell with a drawing', () => {
  const drawnPart = completedPart(
    2,
    'create_map',
    { question: 'altnets' },
    { chart: { url: '/api/charts/abc?token=t', kind: 'map', title: 'Altnet coverage by local authority' } },
  );

  it('folds the JSON behind the chart it drew, one click away', () => {
    render(<ToolCell part={drawnPart} answerTables={[]} />);
    const result = screen.getByTestId('tool-result');
    expect(result.getAttribute('data-folded')).toBe('drawn');
    expect(result.textContent).toContain('drawn as “Altnet coverage by local authority”');
    expect(result.textContent).not.toContain('/api/charts/abc');
    fireEvent.click(within(result).getByRole('button', { name: 'Show the raw result' }));
    expect(result.textContent).toContain('/api/charts/abc');
  });
});

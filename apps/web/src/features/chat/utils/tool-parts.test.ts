import { describe, expect, it } from 'vitest';
import {
  argumentRows,
  chartFromResult,
  chartHeightPx,
  formatToolValue,
  isSequentialThinkingTool,
  partsFromSavedMessage,
  tabularResult,
  thinkingStepFromArgs,
  toolErrorMessage,
} from './tool-parts';

describe('tool parts', () => {
  it('recognises sequential-thinking tools by name', () => {
    expect(isSequentialThinkingTool('sequentialthinking')).toBe(true);
    expect(isSequentialThinkingTool('mcp__sequential-thinking__sequential_thinking')).toBe(true);
    expect(isSequentialThinkingTool('SequentialThinking')).toBe(true);
    expect(isSequentialThinkingTool('run_sql')).toBe(false);
  });

  it('reads thinking arguments, including JSON text, and keeps a block open when nextThoughtNeeded is absent', () => {
    expect(
      thinkingStepFromArgs(
        '{"thought":"a","thoughtNumber":"2","totalThoughts":4,"nextThoughtNeeded":false}',
        1,
      ),
    ).toEqual({ thought: 'a', thoughtNumber: 2, totalThoughts: 4, nextThoughtNeeded: false });
    expect(thinkingStepFromArgs({ thought: 'b' }, 3)).toEqual({
      thought: 'b',
      thoughtNumber: 3,
      totalThoughts: null,
      nextThoughtNeeded: true,
    });
  });

  it('finds the chart a tool drew, in an object or JSON text', () => {
    const chart = { url: '/api/charts/abc', kind: 'bar', title: 'Full fibre by region' };
    expect(chartFromResult({ rows: [], chart })).toEqual(chart);
    expect(chartFromResult(JSON.stringify({ chart }))).toEqual(chart);
    expect(chartFromResult({ chart: { url: 1 } })).toBeNull();
    expect(chartFromResult('plain text')).toBeNull();
    expect(chartFromResult(null)).toBeNull();
  });

  it('sizes chart frames 400 px for la_stats and 500 otherwise', () => {
    expect(chartHeightPx('la_stats')).toBe(400);
    expect(chartHeightPx('map')).toBe(500);
    expect(chartHeightPx('bar')).toBe(500);
  });

  it('formats tool values as text or indented JSON', () => {
    expect(formatToolValue('hello')).toBe('hello');
    expect(formatToolValue('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatToolValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatToolValue(undefined)).toBe('');
  });

  it('rebuilds a saved message as completed cells, thinking blocks, unmatched results, then text', () => {
    const parts = partsFromSavedMessage(
      'm',
      'Answer',
      [
        {
          tool_call_id: 't1',
          tool_name: 'sequentialthinking',
          args: { thought: 'x', thoughtNumber: 1, nextThoughtNeeded: false },
          is_mcp: true,
        },
        { tool_call_id: 'c1', tool_name: 'run_sql', args: {}, is_mcp: false },
      ],
      [
        { tool_call_id: 'c1', tool_name: 'run_sql', result: 'rows', details: { result_length: 4 } },
        { tool_call_id: 't1', tool_name: 'sequentialthinking', result: '{}', details: { result_length: 2 } },
        { tool_call_id: 'zz', tool_name: 'other', result: 'r', details: { result_length: 1 } },
      ],
    );
    expect(parts.map((p) => p.kind)).toEqual(['thinking', 'tool', 'results', 'text']);
  });
});

describe('tool value views', () => {
  it('lists object arguments as name/value rows, keeping multi-line SQL readable', () => {
    expect(argumentRows({ sql: 'SELECT 1\nFROM t', max_rows: 5, opts: { a: 1 } })).toEqual([
      { name: 'sql', value: 'SELECT 1\nFROM t', multiline: true },
      { name: 'max_rows', value: '5', multiline: false },
      { name: 'opts', value: '{\n  "a": 1\n}', multiline: true },
    ]);
    expect(argumentRows('not json')).toBeNull();
    expect(argumentRows({})).toBeNull();
  });

  it('reads table-shaped results with array or object rows', () => {
    expect(tabularResult({ columns: ['a', 'b'], rows: [[1, 2]], row_count: 1, truncated: false })).toEqual({
      columns: ['a', 'b'],
      rows: [[1, 2]],
      rowCount: 1,
      truncated: false,
    });
    expect(tabularResult({ columns: [{ name: 'a' }], rows: [{ a: 3 }] })?.rows).toEqual([[3]]);
    expect(tabularResult({ chart: {} })).toBeNull();
  });

  it("recognises a tool's error report", () => {
    expect(toolErrorMessage({ error: 'Unknown column' })).toBe('Unknown column');
    expect(toolErrorMessage({ rows: [] })).toBeNull();
  });
});

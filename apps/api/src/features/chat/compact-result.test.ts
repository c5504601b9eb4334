import { describe, expect, it } from 'vitest';
import { compactResult, HISTORY_RESULT_CHARS } from './chat-history.js';

describe('an earlier tool result goes back to the model compactly', () => {
  it('keeps a small result whole, as JSON', () => {
    const result = { columns: ['la_name', 'premises'], rows: [['Leeds', 300]], row_count: 1 };
    expect(compactResult(result)).toEqual({ type: 'json', value: result });
  });

  it('keeps the first rows of a long result and says so', () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`Place ${i}`, i]);
    const out = compactResult({ columns: ['la_name', 'premises'], rows, row_count: 400 });
    expect(out.type).toBe('json');
    const value = out.value as { rows: unknown[][]; note: string; row_count: number };
    expect(value.rows).toHaveLength(15);
    expect(value.row_count).toBe(400);
    expect(value.note).toBe('first 15 rows of the result');
  });

  it('cuts anything still too long to a fixed size, marked as cut', () => {
    const out = compactResult({ text: 'x'.repeat(50_000) });
    expect(out.type).toBe('text');
    expect(String(out.value).length).toBeLessThan(HISTORY_RESULT_CHARS + 60);
    expect(String(out.value)).toMatch(/cut: the result was longer\)$/);
  });
});

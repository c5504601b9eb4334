import { describe, expect, it, vi } from 'vitest';
import { appendCapped, parseLogFrame } from './log-entries';

describe('appendCapped', () => {
  it('keeps only the newest entries beyond the cap', () => {
    const current = Array.from({ length: 99 }, (_, i) => i);
    const next = appendCapped(current, [99, 100, 101], 100);
    expect(next).toHaveLength(100);
    expect(next[0]).toBe(2);
    expect(next.at(-1)).toBe(101);
  });
  it('returns the same list when nothing is added', () => {
    const current = [1, 2];
    expect(appendCapped(current, [], 100)).toBe(current);
  });
});

describe('parseLogFrame', () => {
  it('reads a single entry', () => {
    const [row] = parseLogFrame(
      JSON.stringify({ time: '2025-01-01T00:00:00Z', level: 'warn', msg: 'hello', req_id: 'r1' }),
    );
    expect(row).toMatchObject({ level: 'warn', msg: 'hello', req_id: 'r1', time: '2025-01-01T00:00:00Z' });
  });
  it('reads pino numeric levels, epoch times and arrays', () => {
    const rows = parseLogFrame(
      JSON.stringify([
        { time: 0, level: 50, msg: 'boom' },
        { level: 30, message: 'ok' },
      ]),
    );
    expect(rows.map((r) => [r.level, r.msg])).toEqual([
      ['error', 'boom'],
      ['info', 'ok'],
    ]);
    expect(rows[0]?.time).toBe('1970-01-01T00:00:00.000Z');
  });
  it('reads a backlog object and ignores junk', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseLogFrame(JSON.stringify({ entries: [{ msg: 'a' }, { nope: 1 }] }))).toHaveLength(1);
    expect(parseLogFrame('not json')).toEqual([]);
    expect(parseLogFrame(JSON.stringify({ type: 'hello' }))).toEqual([]);
  });
  it('gives every row its own id', () => {
    const rows = parseLogFrame(JSON.stringify([{ msg: 'a' }, { msg: 'b' }]));
    expect(rows[0]?.id).not.toBe(rows[1]?.id);
  });
});

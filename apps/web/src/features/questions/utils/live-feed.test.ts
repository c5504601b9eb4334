import { describe, expect, it, vi } from 'vitest';
import { appendCapped, parseLiveFeedFrame } from './live-feed';

describe('parseLiveFeedFrame', () => {
  it('reads a progress message with its stage, time and query', () => {
    expect(
      parseLiveFeedFrame(
        '{"message":"Writing SQL","stage":"sql","timestamp":"2025-01-01T10:00:00Z","query_id":"q"}',
      ),
    ).toEqual({ message: 'Writing SQL', stage: 'sql', timestamp: '2025-01-01T10:00:00Z', query_id: 'q' });
  });

  it('drops the keep-alive ping, frames without a message and broken JSON', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseLiveFeedFrame('{"message":"ping"}')).toBeNull();
    expect(parseLiveFeedFrame('{"stage":"sql"}')).toBeNull();
    expect(parseLiveFeedFrame('{oops')).toBeNull();
    expect(parseLiveFeedFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('appendCapped', () => {
  it('keeps only the most recent messages', () => {
    let list: number[] = [];
    for (let i = 0; i < 205; i++) list = appendCapped(list, i);
    expect(list).toHaveLength(200);
    expect(list[0]).toBe(5);
    expect(list[199]).toBe(204);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { queryErrorMessage, runQuery } from './run-query';

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const fetchSpy = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ id: 'q1' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

describe('runQuery', () => {
  it('posts to /query, or /query/v2 when the flag is on, with this tab’s progress channel', async () => {
    const fetchSpy = stubFetch();
    await runQuery({ prompt: 'Q', useV2: false, progressChannel: 'tab' });
    await runQuery({ prompt: 'Q', useV2: true, progressChannel: 'tab' });
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/api/query', '/api/query/v2']);
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      prompt: 'Q',
      progress_channel: 'tab',
    });
  });
});

describe('queryErrorMessage', () => {
  it('is the error’s message, else Failed to execute query', () => {
    expect(queryErrorMessage(new ApiError('Too slow', { status: 504, detail: 'Too slow' }))).toBe('Too slow');
    expect(queryErrorMessage(new Error(''))).toBe('Failed to execute query');
    expect(queryErrorMessage('nope')).toBe('Failed to execute query');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { recentQueriesKey } from './get-recent-queries';
import { queryErrorMessage, runQuery, useRunQuery } from './run-query';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

describe('useRunQuery', () => {
  it('keeps the newest run’s answer or error, and reloads the recent list after a success only', async () => {
    const replies = [
      new Response(JSON.stringify({ id: 'q1' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
      new Response(JSON.stringify({ detail: 'Too slow' }), {
        status: 504,
        headers: { 'Content-Type': 'application/json' },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => replies.shift()),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRunQuery(), { wrapper });

    act(() => result.current.mutate({ prompt: 'Q', useV2: false }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ id: 'q1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: recentQueriesKey });

    act(() => result.current.mutate({ prompt: 'Q2', useV2: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(queryErrorMessage(result.current.error)).toBe('Too slow');
    expect(invalidate).toHaveBeenCalledOnce();
  });
});

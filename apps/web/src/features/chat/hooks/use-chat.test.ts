import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_MESSAGE } from '../utils/chat-state';
import { useChat } from './use-chat';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fetch whose stream sends `first` and then waits until the request is aborted. */
function hangingStream(first: string) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(first));
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The user aborted a request.', 'AbortError')),
        );
      },
    });
    return new Response(body, { status: 200 });
  });
}

describe('useChat', () => {
  it('streams into the conversation and Stop adds the cancel message, not an error', async () => {
    const fetchFn = hangingStream('data: {"type":"text_delta","delta":"Partial"}\n\n');
    vi.stubGlobal('fetch', fetchFn);
    const onFirstMessage = vi.fn();
    const { result } = renderHook(() =>
      useChat({ sessionId: 's1', restore: false, streaming: true, model: 'builtin', onFirstMessage }),
    );

    let sent: Promise<boolean> = Promise.resolve(false);
    act(() => {
      sent = result.current.send('  Map altnet coverage by local authority ');
    });
    expect(onFirstMessage).toHaveBeenCalledOnce();
    expect(result.current.state.thinking).toBe(true);
    await waitFor(() => expect(result.current.state.items[1]?.content).toBe('Partial'));
    expect(result.current.state.thinking).toBe(false);
    expect(JSON.parse(String(fetchFn.mock.calls[0]?.[1]?.body))).toEqual({
      message: 'Map altnet coverage by local authority',
      session_id: 's1',
      model: 'builtin',
    });

    await act(async () => {
      result.current.stop();
      await sent;
    });
    const items = result.current.state.items;
    expect(items.map((i) => [i.type, i.content])).toEqual([
      ['user', 'Map altnet coverage by local authority'],
      ['assistant', 'Partial'],
      ['assistant', CANCELLED_MESSAGE],
    ]);
    expect(result.current.state.running).toBe(false);
  });

  it('shows the HTTP status of a failed stream as an error message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"nope"}', { status: 500 })),
    );
    const { result } = renderHook(() =>
      useChat({ sessionId: 's1', restore: false, streaming: true, model: null }),
    );
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(result.current.state.items[1]).toMatchObject({
      type: 'error',
      content: 'HTTP error! status: 500',
      detail: 'nope',
    });
  });

  it('uses the non-streaming endpoint when the v2 flag is off', async () => {
    const fetchFn = vi.fn(async () =>
      Response.json({
        message: { id: 'a1', type: 'assistant', content: 'Whole reply', timestamp: '2026-11-01T10:00:00Z' },
      }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const { result } = renderHook(() =>
      useChat({ sessionId: 's2', restore: false, streaming: false, model: 'builtin' }),
    );
    await act(async () => {
      await result.current.send('Hi');
    });
    expect(String((fetchFn.mock.calls[0] as unknown[] | undefined)?.[0])).toBe('/api/chat/message');
    expect(result.current.state.items.map((i) => i.content)).toEqual(['Hi', 'Whole reply']);
  });

  it('sends a "Did you mean" choice as the reading in words with the index of the alternative', async () => {
    const fetchFn = vi.fn(async () =>
      Response.json({
        message: { id: 'a2', type: 'assistant', content: 'Chosen reply', timestamp: '2026-11-01T10:00:00Z' },
      }),
    );
    vi.stubGlobal('fetch', fetchFn);
    const { result } = renderHook(() =>
      useChat({ sessionId: 's3', restore: false, streaming: false, model: 'builtin' }),
    );
    await act(async () => {
      await result.current.send('Full fibre coverage in the CF postcode area', { alternative: 1 });
    });
    const init = (fetchFn.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      message: 'Full fibre coverage in the CF postcode area',
      session_id: 's3',
      model: 'builtin',
      alternative: 1,
    });
    expect(result.current.state.items.map((i) => i.content)).toEqual([
      'Full fibre coverage in the CF postcode area',
      'Chosen reply',
    ]);
  });

  it('restores a saved conversation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          session_id: 's3',
          messages: [
            { id: 'u1', type: 'user', content: 'Q', timestamp: '2026-11-01T10:00:00Z' },
            { id: 'a1', type: 'assistant', content: 'A', timestamp: '2026-11-01T10:00:01Z' },
          ],
        }),
      ),
    );
    const { result } = renderHook(() =>
      useChat({ sessionId: 's3', restore: true, streaming: true, model: null }),
    );
    expect(result.current.historyStatus).toBe('loading');
    await waitFor(() => expect(result.current.historyStatus).toBe('idle'));
    expect(result.current.state.items.map((i) => i.content)).toEqual(['Q', 'A']);
  });
});

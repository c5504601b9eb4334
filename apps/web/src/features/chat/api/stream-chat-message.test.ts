import type { ChatStreamEvent } from '@qa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ChatHttpError, StreamReaderError } from '../utils/chat-errors';
import { streamChatMessage } from './stream-chat-message';

const request = { message: 'Hi', session_id: 's1', model: 'builtin' };

function sseResponse(lines: string[]): Response {
  return new Response(lines.map((l) => `data: ${l}\n\n`).join(''), {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  });
}

describe('streamChatMessage', () => {
  it('posts the request with the bearer token and emits each event', async () => {
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      sseResponse(['{"type":"typing_start"}', '{"type":"text_delta","delta":"Hello"}']),
    );
    const events: ChatStreamEvent[] = [];
    await streamChatMessage(
      { request, signal: new AbortController().signal, onEvent: (e) => events.push(e) },
      { fetchFn: fetchFn as typeof fetch, getToken: () => 'tok' },
    );
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/api/chat/message/stream');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
    expect(events).toEqual([{ type: 'typing_start' }, { type: 'text_delta', delta: 'Hello' }]);
  });

  it('throws an HTTP error with the status and detail for a non-ok response', async () => {
    const fetchFn = async () =>
      new Response(JSON.stringify({ detail: 'Monthly LLM budget reached' }), { status: 429 });
    const error = await streamChatMessage(
      { request, signal: new AbortController().signal, onEvent: () => {} },
      { fetchFn: fetchFn as typeof fetch, getToken: () => 'tok' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatHttpError);
    expect((error as ChatHttpError).message).toBe('HTTP error! status: 429');
    expect((error as ChatHttpError).detail).toBe('Monthly LLM budget reached');
  });

  it('ends the session on a 401', async () => {
    const onSessionExpired = vi.fn();
    await streamChatMessage(
      { request, signal: new AbortController().signal, onEvent: () => {} },
      { fetchFn: (async () => new Response('{}', { status: 401 })) as typeof fetch, onSessionExpired },
    ).catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('throws the stream-reader error when the response has no body', async () => {
    const error = await streamChatMessage(
      { request, signal: new AbortController().signal, onEvent: () => {} },
      { fetchFn: (async () => new Response(null, { status: 200 })) as typeof fetch },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamReaderError);
  });
});

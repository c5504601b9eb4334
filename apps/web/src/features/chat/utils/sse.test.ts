import type { ChatStreamEvent } from '@qa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSseLine, readChatEventStream, SseLineSplitter } from './sse';

afterEach(() => vi.restoreAllMocks());

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

describe('parseSseLine', () => {
  it('reads a data line as a typed event', () => {
    expect(parseSseLine('data: {"type":"text_delta","delta":"Hi"}')).toEqual({
      type: 'text_delta',
      delta: 'Hi',
    });
    expect(parseSseLine('data:{"type":"typing_start"}')).toEqual({ type: 'typing_start' });
  });

  it('skips blank lines, comments, other fields and [DONE]', () => {
    expect(parseSseLine('')).toBeNull();
    expect(parseSseLine(': keep-alive')).toBeNull();
    expect(parseSseLine('event: message')).toBeNull();
    expect(parseSseLine('data: [DONE]')).toBeNull();
  });

  it('skips lines that are not JSON and events of unknown types', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseSseLine('data: {oops')).toBeNull();
    expect(parseSseLine('data: {"type":"something_new"}')).toBeNull();
  });

  it('keeps a known event whose fields drift from the contract', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const event = parseSseLine(
      'data: {"type":"tool_result","tool_call_id":"a","tool_name":"sql","result":1}',
    );
    expect(event?.type).toBe('tool_result');
  });
});

describe('SseLineSplitter', () => {
  it('returns only complete lines and keeps the tail for the next chunk', () => {
    const splitter = new SseLineSplitter();
    expect(splitter.push('data: {"type":"typ')).toEqual([]);
    expect(splitter.push('ing_start"}\n\ndata: {"type"')).toEqual(['data: {"type":"typing_start"}', '']);
    expect(splitter.push(':"typing_end"}\r\n')).toEqual(['data: {"type":"typing_end"}']);
    expect(splitter.flush()).toEqual([]);
  });

  it('flushes a last line that has no newline', () => {
    const splitter = new SseLineSplitter();
    splitter.push('data: {"type":"typing_end"}');
    expect(splitter.flush()).toEqual(['data: {"type":"typing_end"}']);
  });
});

describe('readChatEventStream', () => {
  it('emits every event in order across arbitrary chunk boundaries, including split characters', async () => {
    const bytes = new TextEncoder().encode('data: {"type":"text_delta","delta":"£5 café"}\n\n');
    const cut = 40; // inside the multi-byte characters
    const events: ChatStreamEvent[] = [];
    await readChatEventStream(
      streamOf([
        'data: {"type":"typing_start"}\n\ndata: {"type":"text_',
        'delta","delta":"Hello "}\n\n',
        bytes.slice(0, cut),
        bytes.slice(cut),
        'data: {"type":"typing_end"}',
      ]),
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { type: 'typing_start' },
      { type: 'text_delta', delta: 'Hello ' },
      { type: 'text_delta', delta: '£5 café' },
      { type: 'typing_end' },
    ]);
  });
});

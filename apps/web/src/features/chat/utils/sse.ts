/**
 * Reading POST /api/chat/message/stream: the body is text/event-stream, one `data: <json>` line per
 * event. Network chunks split anywhere (inside a line, inside a multi-byte character), so lines are only
 * parsed once their newline has arrived. Lines that are not `data:` lines (comments, blank separators) and
 * events we cannot read are skipped: one bad event must not end an answer that is otherwise streaming fine.
 */
import { type ChatStreamEvent, chatStreamEventSchema } from '@qa/contracts';

const DATA_PREFIX = 'data:';

const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set([
  'typing_start',
  'text_delta',
  'tool_preparing',
  'tool_args_streaming',
  'thinking_stream',
  'tool_call',
  'tool_result',
  'typing_end',
  'message_complete',
  'usage_update',
  'error',
]);

/** Turns one line of the stream into an event, or null for anything that is not a readable event. */
export function parseSseLine(line: string): ChatStreamEvent | null {
  if (!line.startsWith(DATA_PREFIX)) return null;
  const payload = line.slice(DATA_PREFIX.length).trim();
  if (!payload || payload === '[DONE]') return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    console.warn('chat stream: skipped a line that is not JSON', payload.slice(0, 200));
    return null;
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // A known event with an unexpected extra or missing field is still worth showing; the reducer reads
  // every field defensively. Unknown event types are dropped.
  if (json && typeof json === 'object' && KNOWN_EVENT_TYPES.has(String((json as { type?: unknown }).type))) {
    console.warn('chat stream: event does not match the contract', parsed.error.issues);
    return json as ChatStreamEvent;
  }
  console.warn('chat stream: skipped an unknown event', json);
  return null;
}

/** Splits decoded text into complete lines, keeping the unfinished tail for the next chunk. */
export class SseLineSplitter {
  private buffer = '';

  push(chunk: string): string[] {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    return lines.map(stripCarriageReturn);
  }

  /** The last line when the stream ends without a final newline. */
  flush(): string[] {
    const rest = stripCarriageReturn(this.buffer);
    this.buffer = '';
    return rest ? [rest] : [];
  }
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Reads a whole stream body, calling onEvent for each event in order. */
export async function readChatEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const splitter = new SseLineSplitter();
  const emit = (lines: string[]) => {
    for (const line of lines) {
      const event = parseSseLine(line);
      if (event) onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      emit(splitter.push(decoder.decode(value, { stream: true })));
    }
    emit(splitter.push(decoder.decode()));
    emit(splitter.flush());
  } finally {
    reader.releaseLock();
  }
}

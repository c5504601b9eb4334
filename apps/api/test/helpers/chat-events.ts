/** Reading the chat's server-sent events in tests: `data: <json>` lines, validated against the contract. */
import { type ChatStreamEvent, chatStreamEventSchema } from '@qa/contracts';

export function parseChatEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice('data: '.length))));
}

export function eventsOf<T extends ChatStreamEvent['type']>(
  events: ChatStreamEvent[],
  type: T,
): Extract<ChatStreamEvent, { type: T }>[] {
  return events.filter((event): event is Extract<ChatStreamEvent, { type: T }> => event.type === type);
}

/** Streams POST /api/chat/message/stream over real HTTP, calling `onEvent` as events arrive. */
export async function streamChat(
  baseUrl: string,
  token: string,
  body: unknown,
  { signal, onEvent }: { signal?: AbortSignal; onEvent?: (event: ChatStreamEvent) => void } = {},
): Promise<{ status: number; events: ChatStreamEvent[]; raw: string }> {
  const response = await fetch(`${baseUrl}/api/chat/message/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    return { status: response.status, events: [], raw: await response.text() };
  }
  const events: ChatStreamEvent[] = [];
  let raw = '';
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      raw += text;
      buffer += text;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) {
          const event = chatStreamEventSchema.parse(JSON.parse(block.slice(6)));
          events.push(event);
          onEvent?.(event);
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
  return { status: response.status, events, raw };
}

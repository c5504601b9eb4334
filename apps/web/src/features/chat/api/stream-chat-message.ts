/**
 * POST /api/chat/message/stream: an abortable fetch whose body is read as `data: ` lines. It goes
 * around the JSON api client because the body is a stream, so it applies the client's two rules itself: the
 * bearer token, and a 401 ending the session.
 */
import type { ChatRequest, ChatStreamEvent } from '@qa/contracts';
import { API_BASE_URL, extractDetail, isSessionExpiry } from '../../../lib/api-client';
import { clearAuthToken, getAuthToken } from '../../../lib/auth-token';
import { ChatHttpError, StreamReaderError } from '../utils/chat-errors';
import { readChatEventStream } from '../utils/sse';

export const STREAM_PATH = '/chat/message/stream';
export type StreamDeps = {
  fetchFn?: typeof fetch;
  getToken?: () => string | null;
  onSessionExpired?: () => void;
};

export async function streamChatMessage(
  {
    request,
    signal,
    onEvent,
  }: { request: ChatRequest; signal: AbortSignal; onEvent: (event: ChatStreamEvent) => void },
  deps: StreamDeps = {},
): Promise<void> {
  const fetchFn = deps.fetchFn ?? ((input, init) => fetch(input, init));
  const token = (deps.getToken ?? getAuthToken)();
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetchFn(`${API_BASE_URL}${STREAM_PATH}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
    signal,
    credentials: 'omit',
  });

  if (!response.ok) {
    let detail: string | null = null;
    try {
      detail = extractDetail(await response.json());
    } catch {
      // No JSON body: the status says enough.
    }
    if (isSessionExpiry(response.status, STREAM_PATH)) {
      (
        deps.onSessionExpired ??
        (() => {
          clearAuthToken();
          window.location.reload();
        })
      )();
    }
    throw new ChatHttpError(response.status, detail);
  }
  if (!response.body) throw new StreamReaderError();
  await readChatEventStream(response.body, onEvent);
}

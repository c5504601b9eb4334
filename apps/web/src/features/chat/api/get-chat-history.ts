import type { ChatHistory } from '@qa/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/chat/history/{id}: one saved conversation, to restore it after a reload. */
export function getChatHistory({
  sessionId,
  signal,
}: {
  sessionId: string;
  signal?: AbortSignal;
}): Promise<ChatHistory> {
  return api.get<ChatHistory>(`/chat/history/${encodeURIComponent(sessionId)}`, { signal });
}

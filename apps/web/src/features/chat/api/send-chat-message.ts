import type { ChatMessageResponse, ChatRequest } from '@qa/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/chat/message: the older, non-streaming chat (v2 flag off): the whole reply at once. */
export function sendChatMessage({
  request,
  signal,
}: {
  request: ChatRequest;
  signal?: AbortSignal;
}): Promise<ChatMessageResponse> {
  return api.post<ChatMessageResponse>('/chat/message', request, { signal });
}

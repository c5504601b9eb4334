import type { ChatSessionSummary } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const chatSessionsKey = ['chat', 'sessions'] as const;

/** GET /api/chat/sessions: the signed-in user's past conversations, newest first. */
export async function getChatSessions(): Promise<ChatSessionSummary[]> {
  const body = await api.get<{ sessions?: ChatSessionSummary[] }>('/chat/sessions');
  return Array.isArray(body?.sessions) ? body.sessions : [];
}

export function useChatSessions() {
  return useQuery({ queryKey: chatSessionsKey, queryFn: getChatSessions, staleTime: 0 });
}

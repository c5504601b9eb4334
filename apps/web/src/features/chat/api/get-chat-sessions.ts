import type { ChatSessionSummary } from '@qa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const chatSessionsKey = ['chat', 'sessions'] as const;

/** GET /api/chat/sessions: the signed-in user's past conversations, newest first; `q` searches their text. */
export async function getChatSessions(q = ''): Promise<ChatSessionSummary[]> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  const body = await api.get<{ sessions?: ChatSessionSummary[] }>(`/chat/sessions${query}`);
  return Array.isArray(body?.sessions) ? body.sessions : [];
}

export function useChatSessions(q = '') {
  return useQuery({
    queryKey: [...chatSessionsKey, q.trim()],
    queryFn: () => getChatSessions(q),
    staleTime: 0,
    // Typing a search keeps the last list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/chat/sessions/{id}. */
export function useRenameChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) =>
      api.patch<ChatSessionSummary>(`/chat/sessions/${encodeURIComponent(sessionId)}`, { title }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatSessionsKey }),
  });
}

/** DELETE /api/chat/sessions/{id}. */
export function useDeleteChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<void>(`/chat/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatSessionsKey }),
  });
}

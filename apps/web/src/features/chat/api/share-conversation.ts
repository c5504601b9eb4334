import type { ChatShareResponse, SharedConversation } from '@qa/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /chat/sessions/{id}/share: the conversation's stable read-only link for other signed-in users. */
export function shareConversation({ sessionId }: { sessionId: string }): Promise<ChatShareResponse> {
  return api.post<ChatShareResponse>(`/chat/sessions/${encodeURIComponent(sessionId)}/share`, {});
}

export function useShareConversation() {
  return useMutation({ mutationFn: shareConversation });
}

/** GET /chat/shared/{shareId}: a conversation another user shared, read-only. */
export function getSharedConversation({ shareId }: { shareId: string }): Promise<SharedConversation> {
  return api.get<SharedConversation>(`/chat/shared/${encodeURIComponent(shareId)}`);
}

export function useSharedConversation({ shareId }: { shareId: string }) {
  return useQuery({
    queryKey: ['shared-conversation', shareId],
    queryFn: () => getSharedConversation({ shareId }),
    retry: false,
  });
}

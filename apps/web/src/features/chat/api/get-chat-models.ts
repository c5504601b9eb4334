import type { ChatModelsResponse } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const chatModelsKey = ['chat', 'models'] as const;

/** GET /api/chat/models: the models the picker offers and the server's default. */
export function getChatModels(): Promise<ChatModelsResponse> {
  return api.get<ChatModelsResponse>('/chat/models');
}

export function useChatModels() {
  return useQuery({ queryKey: chatModelsKey, queryFn: getChatModels, staleTime: 5 * 60_000 });
}

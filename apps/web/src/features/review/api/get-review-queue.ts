import type { ReviewQueueResponse } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const reviewQueueKey = ['review-queue'] as const;

/** GET /review: the answers that need a reviewer (admins). */
export function getReviewQueue(): Promise<ReviewQueueResponse> {
  return api.get<ReviewQueueResponse>('/review?limit=50');
}

export function useReviewQueue() {
  return useQuery({ queryKey: reviewQueueKey, queryFn: getReviewQueue, staleTime: 0 });
}

import type { ReviewChoices } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /review/choices: the semantic model's choices and the warehouse's names for the correction form. */
export function getReviewChoices(): Promise<ReviewChoices> {
  return api.get<ReviewChoices>('/review/choices');
}

export function useReviewChoices() {
  return useQuery({ queryKey: ['review-choices'], queryFn: getReviewChoices, staleTime: 5 * 60_000 });
}

import type { QueryDetail } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, detailOr } from '../../../lib/api-client';

/**
 * POST /verified/queries/{id}: saves a reading of a saved question as verified: the answer as given, one of its
 * "Did you mean" readings (`alternativeIndex`) or a corrected plan.
 */
export function saveVerifiedReading({
  queryId,
  plan,
  alternativeIndex,
}: {
  queryId: string;
  plan?: Record<string, unknown>;
  alternativeIndex?: number;
}): Promise<QueryDetail> {
  return api.post<QueryDetail>(`/verified/queries/${encodeURIComponent(queryId)}`, {
    ...(plan ? { plan } : {}),
    ...(alternativeIndex !== undefined ? { alternative_index: alternativeIndex } : {}),
  });
}

/** Saving leaves the queue as it is, so the reviewer sees what was saved; the next visit reads it again. */
export function useSaveVerifiedReading() {
  return useMutation({ mutationFn: saveVerifiedReading });
}

export function saveErrorMessage(error: unknown): string {
  return detailOr(error, 'The reading could not be verified');
}

import type { QueryResult } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, detailOr } from '../../../lib/api-client';

/** POST /review/queries/{id}/preview: a corrected reading's answer, not saved. */
export function previewReading({
  queryId,
  plan,
}: {
  queryId: string;
  plan: Record<string, unknown>;
}): Promise<QueryResult> {
  return api.post<QueryResult>(`/review/queries/${encodeURIComponent(queryId)}/preview`, { plan });
}

export function usePreviewReading() {
  return useMutation({ mutationFn: previewReading });
}

export function previewErrorMessage(error: unknown): string {
  return detailOr(error, 'The reading could not be answered');
}

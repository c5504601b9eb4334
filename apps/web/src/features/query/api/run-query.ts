import type { QueryResult } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const QUERY_FAILED_MESSAGE = 'Failed to execute query';

/** POST /query, or /query/v2 when the v2 flag is on; progress goes to this tab's channel. */
export function runQuery({
  prompt,
  useV2,
  progressChannel,
}: {
  prompt: string;
  useV2: boolean;
  progressChannel?: string;
}): Promise<QueryResult> {
  return api.post<QueryResult>(useV2 ? '/query/v2' : '/query', {
    prompt,
    ...(progressChannel ? { progress_channel: progressChannel } : {}),
  });
}

export function useRunQuery() {
  return useMutation({ mutationFn: runQuery });
}

/** The error's message, else 'Failed to execute query'. */
export function queryErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : QUERY_FAILED_MESSAGE;
}

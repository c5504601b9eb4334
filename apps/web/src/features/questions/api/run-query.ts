import type { QueryResult } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recentQueriesKey } from './get-recent-queries';

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

/**
 * Runs one question. Only the newest run's state is kept (a new run starts with no result and no error),
 * and after a success the recent list is reloaded.
 */
export function useRunQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runQuery,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recentQueriesKey }),
  });
}

/** The error's message, else 'Failed to execute query'. */
export function queryErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : QUERY_FAILED_MESSAGE;
}

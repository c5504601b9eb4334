import type { QueryResult } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALTERNATIVE_FAILED_MESSAGE } from '../../../components/query-result/alternatives-messages';
import { api, detailOr } from '../../../lib/api-client';
import { queryDetailKey } from './get-query';
import { queryHistoryKey } from './get-query-history';
import { recentQueriesKey } from './get-recent-queries';

/** POST /query/{id}/alternatives/{index}: answers another reading of a saved question ("Did you mean"). */
export function chooseAlternative({
  queryId,
  index,
  progressChannel,
}: {
  queryId: string;
  index: number;
  progressChannel?: string;
}): Promise<QueryResult> {
  return api.post<QueryResult>(
    `/query/${encodeURIComponent(queryId)}/alternatives/${index}`,
    progressChannel ? { progress_channel: progressChannel } : {},
  );
}

/**
 * Chooses a reading. The saved question now has another answer, so its detail, the history and the recent
 * list are reloaded (the mutation stays pending until the detail has been read again).
 */
export function useChooseAlternative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseAlternative,
    onSuccess: async (_result, { queryId }) => {
      void queryClient.invalidateQueries({ queryKey: queryHistoryKey });
      void queryClient.invalidateQueries({ queryKey: recentQueriesKey });
      await queryClient.invalidateQueries({ queryKey: queryDetailKey(queryId) });
    },
  });
}

/** The server's explanation, else 'Failed to answer this reading'. */
export function alternativeErrorMessage(error: unknown): string {
  return detailOr(error, ALTERNATIVE_FAILED_MESSAGE);
}

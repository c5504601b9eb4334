import type { QueryResult } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, detailOr } from '../../../lib/api-client';
import { queryHistoryKey } from './get-query-history';
import { recentQueriesKey } from './get-recent-queries';

export const EDITED_SQL_FAILED_MESSAGE = 'Failed to run the SQL';

/** POST /query/{id}/sql: runs an edited version of a saved query's SQL, saved as a new query marked edited. */
export function runEditedSql({
  queryId,
  sql,
  progressChannel,
}: {
  queryId: string;
  sql: string;
  progressChannel?: string;
}): Promise<QueryResult> {
  return api.post<QueryResult>(`/query/${encodeURIComponent(queryId)}/sql`, {
    sql,
    ...(progressChannel ? { progress_channel: progressChannel } : {}),
  });
}

/** Runs edited SQL; the new query joins the history and the recent list. */
export function useRunEditedSql() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runEditedSql,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryHistoryKey });
      void queryClient.invalidateQueries({ queryKey: recentQueriesKey });
    },
  });
}

/** The server's reason (the safety check's, a failure's, the timeout's), else 'Failed to run the SQL'. */
export function editedSqlErrorMessage(error: unknown): string {
  return detailOr(error, EDITED_SQL_FAILED_MESSAGE);
}

import type { ArchiveResponse, QueryDetail } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryDetailKey } from './get-query';
import { queryHistoryKey } from './get-query-history';

/** POST /history/archive-query/{id} toggles the archive and returns the new is_archived. */
export function archiveQuery({ id }: { id: string }): Promise<ArchiveResponse> {
  return api.post<ArchiveResponse>(`/history/archive-query/${encodeURIComponent(id)}`, {});
}

export function useArchiveQuery({ id }: { id: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archiveQuery({ id }),
    onSuccess: ({ is_archived }) => {
      // The returned value replaces the local one.
      queryClient.setQueryData<QueryDetail>(queryDetailKey(id), (old) =>
        old ? { ...old, is_archived } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryHistoryKey });
      void queryClient.invalidateQueries({ queryKey: queryDetailKey(id) });
    },
  });
}

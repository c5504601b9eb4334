import type { QueryDetail } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, detailOr } from '../../../lib/api-client';
import { queryDetailKey } from './get-query';

/** POST /verified/queries/{id}: an admin verifies a saved answer's reading as given. */
export function verifyAnswer({ queryId }: { queryId: string }): Promise<QueryDetail> {
  return api.post<QueryDetail>(`/verified/queries/${encodeURIComponent(queryId)}`, {});
}

/** POST /verified/{id}/revoke: an admin takes a verification back (it is kept, marked). */
export function revokeVerification({ id }: { id: string; queryId: string }): Promise<unknown> {
  return api.post(`/verified/${encodeURIComponent(id)}/revoke`, {});
}

export function useVerifyAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAnswer,
    onSuccess: (detail, { queryId }) => queryClient.setQueryData(queryDetailKey(queryId), detail),
  });
}

export function useRevokeVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeVerification,
    onSuccess: async (_result, { queryId }) => {
      await queryClient.invalidateQueries({ queryKey: queryDetailKey(queryId) });
    },
  });
}

export function verifyErrorMessage(error: unknown): string {
  return detailOr(error, 'The answer could not be verified');
}

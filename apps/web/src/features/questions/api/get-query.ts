import type { QueryDetail } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const queryDetailKey = (id: string) => ['query-detail', id] as const;

export function getQueryById({ id }: { id: string }): Promise<QueryDetail> {
  return api.get<QueryDetail>(`/history/queries/${encodeURIComponent(id)}`);
}

export function useQueryDetail({ id }: { id: string }) {
  return useQuery({ queryKey: queryDetailKey(id), queryFn: () => getQueryById({ id }), staleTime: 0 });
}

import type { TotalUsageResponse, UsageResponse } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getUserUsage({ id }: { id: string }): Promise<UsageResponse> {
  return api.get<UsageResponse>(`/users/${encodeURIComponent(id)}/usage`);
}

export function useUserUsage({ id }: { id: string | null }) {
  return useQuery({
    queryKey: ['users', id, 'usage'],
    queryFn: () => getUserUsage({ id: id as string }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export function getTotalUsage(): Promise<TotalUsageResponse> {
  return api.get<TotalUsageResponse>('/users/usage/total');
}

export function useTotalUsage() {
  return useQuery({ queryKey: ['users', 'usage', 'total'], queryFn: getTotalUsage, retry: false });
}

import { type QueryHistoryResponse, type QueryRecord, RECENT_QUERIES_PAGE_SIZE } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recentQueriesKey = ['recent-queries'] as const;

/**
 * The home screen's 'Recently Asked Questions': the first page of history with limit 5 (only
 * `items` is read). A failure is logged and treated as an empty list.
 */
export async function getRecentQueries(): Promise<QueryRecord[]> {
  try {
    const body = await api.get<QueryHistoryResponse>(
      `/history/query-history?limit=${RECENT_QUERIES_PAGE_SIZE}&offset=0`,
    );
    return Array.isArray(body?.items) ? body.items : [];
  } catch (error) {
    console.error('Could not load recent queries', error);
    return [];
  }
}

export function useRecentQueries() {
  return useQuery({ queryKey: recentQueriesKey, queryFn: getRecentQueries, staleTime: 0 });
}

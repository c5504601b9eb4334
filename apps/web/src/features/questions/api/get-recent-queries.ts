import {
  type QueryHistoryResponse,
  type QueryRecord,
  RECENT_QUERIES_PAGE_SIZE,
  type RecentScope,
} from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recentQueriesKey = ['recent-queries'] as const;

/**
 * The home screen's 'Recently Asked Questions': the first page of history with limit 5 (only `items` is read).
 * "Everyone" lists every user's questions answered with data (a first visit does not open on others' failed
 * tries), "Mine" every question of the signed-in user. A failure is logged and treated as an empty list.
 */
export async function getRecentQueries(scope: RecentScope = 'everyone'): Promise<QueryRecord[]> {
  try {
    const body = await api.get<QueryHistoryResponse>(
      `/history/query-history?limit=${RECENT_QUERIES_PAGE_SIZE}&offset=0&${scope === 'mine' ? 'mine=true' : 'answered=true'}`,
    );
    return Array.isArray(body?.items) ? body.items : [];
  } catch (error) {
    console.error('Could not load recent queries', error);
    return [];
  }
}

export function useRecentQueries(scope: RecentScope = 'everyone') {
  return useQuery({
    queryKey: [...recentQueriesKey, scope],
    queryFn: () => getRecentQueries(scope),
    staleTime: 0,
  });
}

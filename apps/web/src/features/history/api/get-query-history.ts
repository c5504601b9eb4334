import { HISTORY_PAGE_SIZE, type QueryHistoryResponse } from '@qa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const queryHistoryKey = ['query-history'] as const;

export function getQueryHistory({
  limit = HISTORY_PAGE_SIZE,
  offset = 0,
  showArchived = false,
}: {
  limit?: number;
  offset?: number;
  showArchived?: boolean;
}): Promise<QueryHistoryResponse> {
  const params = new URLSearchParams({
    limit: String(limit),
    offset: String(offset),
    show_archived: String(showArchived),
  });
  return api.get<QueryHistoryResponse>(`/history/query-history?${params}`).then((body) => ({
    items: Array.isArray(body?.items) ? body.items : [],
    hasMore: Boolean(body?.hasMore),
  }));
}

/** Offset paging (spec §4 History): the next offset is the number of items already loaded. */
export function useQueryHistory({
  showArchived,
  enabled = true,
}: {
  showArchived: boolean;
  enabled?: boolean;
}) {
  return useInfiniteQuery({
    queryKey: [...queryHistoryKey, { showArchived }],
    queryFn: ({ pageParam }) => getQueryHistory({ offset: pageParam, showArchived }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
    enabled,
    staleTime: 0,
  });
}

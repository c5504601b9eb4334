import { HISTORY_PAGE_SIZE, type QueryHistoryResponse } from '@qa/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const queryHistoryKey = ['query-history'] as const;

/** The list's search and filters, applied by the server (empty values are left out). */
export interface HistoryFilters {
  q?: string;
  asker?: string;
  from?: string;
  to?: string;
  rating?: '' | 'up' | 'down' | 'none';
}

export function getQueryHistory({
  limit = HISTORY_PAGE_SIZE,
  offset = 0,
  showArchived = false,
  filters = {},
}: {
  limit?: number;
  offset?: number;
  showArchived?: boolean;
  filters?: HistoryFilters;
}): Promise<QueryHistoryResponse> {
  const params = new URLSearchParams({
    limit: String(limit),
    offset: String(offset),
    show_archived: String(showArchived),
  });
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
  }
  return api.get<QueryHistoryResponse>(`/history/query-history?${params}`).then((body) => ({
    items: Array.isArray(body?.items) ? body.items : [],
    hasMore: Boolean(body?.hasMore),
  }));
}

/** Offset paging: the next offset is the number of items already loaded. */
export function useQueryHistory({
  showArchived,
  filters = {},
  enabled = true,
}: {
  showArchived: boolean;
  filters?: HistoryFilters;
  enabled?: boolean;
}) {
  return useInfiniteQuery({
    queryKey: [...queryHistoryKey, { showArchived, ...filters }],
    queryFn: ({ pageParam }) => getQueryHistory({ offset: pageParam, showArchived, filters }),
    // A new search keeps the last list on screen until its first page arrives.
    placeholderData: keepPreviousData,
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
    enabled,
    staleTime: 0,
  });
}

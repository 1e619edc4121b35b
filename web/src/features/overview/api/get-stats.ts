import type { StatsResponse } from '@torque/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/stats?days=` (admin): the overview's figures. */
export function getStats(days: number, signal?: AbortSignal): Promise<StatsResponse> {
  return request<StatsResponse>(`/api/stats?days=${days}`, { signal });
}

/**
 * Under the `orders` root: placing, paying, shipping or cancelling an order invalidates it, so the
 * overview is read again after any of those.
 */
export const statsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'stats', days],
    queryFn: ({ signal }) => getStats(days, signal),
    placeholderData: keepPreviousData,
  });

export function useStats(days: number) {
  return useQuery(statsQueryOptions(days));
}

import type { Order } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { PREFETCHED_STALE_MS, queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/order/:id`: one order (its owner's, or any for an admin). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return request<Order>(`/api/order/${encodeURIComponent(id)}`, { signal });
}

/** Asked for before the checkout page renders (app/prefetch-first-page.ts). */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'one', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: PREFETCHED_STALE_MS,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

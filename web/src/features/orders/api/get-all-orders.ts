import type { Order } from '@torque/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestPage, type Page } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/orders?limit=…` (admin): one page of the orders, searched and filtered. */
export function getOrdersPage(query: string, signal?: AbortSignal): Promise<Page<Order>> {
  return requestPage<Order>(`/api/orders?${query}`, { signal });
}

export function useAllOrders(query: string) {
  return useQuery({
    queryKey: [...queryRoots.orders, 'all', query],
    queryFn: ({ signal }) => getOrdersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

import type { Order } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { ORDERS_KEY } from './get-my-orders.ts';

/** `GET /api/orders` (admin): every customer's orders. */
export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return request<Order[]>('/api/orders', { signal });
}

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'all'], queryFn: ({ signal }) => getAllOrders(signal) });

export function useAllOrders() {
  return useQuery(allOrdersQueryOptions());
}

import type { Order } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';

/**
 * Every order query starts with `orders`: purchase and checkout invalidate that root after they
 * place or pay an order, without importing this feature.
 */
export const ORDERS_KEY = ['orders'] as const;

/** `GET /api/order?email=`: the signed-in customer's own orders. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return request<Order[]>(`/api/order?email=${encodeURIComponent(email)}`, { signal });
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...ORDERS_KEY, 'mine', email], queryFn: ({ signal }) => getMyOrders(email, signal) });

export function useMyOrders() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({ ...myOrdersQueryOptions(email), enabled: email !== '' });
}

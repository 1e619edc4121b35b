import type { Order } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/order?email=`: the signed-in customer's own orders. */
export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return request<Order[]>(`/api/order?email=${encodeURIComponent(email)}`, { signal });
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'mine', email],
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });

export function useMyOrders() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({ ...myOrdersQueryOptions(email), enabled: email !== '' });
}

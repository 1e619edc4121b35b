import type { Order, OrderInput } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `POST /api/order`: the server takes the email from the token and the price from the part. */
export function createOrder(input: OrderInput): Promise<Order> {
  return request<Order>('/api/order', { method: 'POST', body: input });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Success or a stock conflict: either way the stock shown must be read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.parts }),
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
      ]),
  });
}

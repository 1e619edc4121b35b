import type { Order } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * `POST /api/order/:id/refund` (admin, issue 29): gives a paid, unshipped order's payment back and
 * issues a credit note; 409 when the order is not (or no longer) refundable.
 */
export function refundOrder(id: string): Promise<Order> {
  return request<Order>(`/api/order/${encodeURIComponent(id)}/refund`, { method: 'POST' });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
  });
}

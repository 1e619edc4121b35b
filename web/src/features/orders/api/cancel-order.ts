import type { Order } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `DELETE /api/order/:id`: cancel an unpaid order (own, or any for admins); its units go back to stock. */
export function cancelOrder(id: string): Promise<Order> {
  return request<Order>(`/api/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: async () => {
      // Stock changed too: the catalogue and any open purchase page show the returned units.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.orders }),
        queryClient.invalidateQueries({ queryKey: queryRoots.parts }),
      ]);
    },
  });
}

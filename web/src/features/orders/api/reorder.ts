import type { ReorderResult } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { storeCart } from '@/lib/cart/cart-api.ts';
import { request } from '@/lib/http.ts';

/** `POST /api/orders/:id/reorder`: the order's lines join the cart at today's prices; the answer says what changed. */
export function reorder(orderId: string): Promise<ReorderResult> {
  return request<ReorderResult>(`/api/orders/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' });
}

/** "Order again": then the cart, which shows the changes (features/cart reads `reorderChanges`). */
export function useReorder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: reorder,
    onSuccess: async (result) => {
      await storeCart(queryClient, result.cart);
      await navigate('/cart', { state: { reorderChanges: result.changes } });
    },
  });
}

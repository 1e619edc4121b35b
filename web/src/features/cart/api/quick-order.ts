import type { QuickOrderResult } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCart } from '@/lib/cart/cart-api.ts';
import { request } from '@/lib/http.ts';

export interface QuickOrderInput {
  /** `part number, quantity` per line, as pasted or as the uploaded file holds it. */
  text: string;
  /** text/csv for an uploaded file, text/plain for what was pasted. */
  type: 'text/plain' | 'text/csv';
}

/** `POST /api/cart/quick-order`: the server reads the lines, adds what it can and says why not the rest. */
export function postQuickOrder({ text, type }: QuickOrderInput): Promise<QuickOrderResult> {
  return request<QuickOrderResult>('/api/cart/quick-order', { method: 'POST', content: { type, data: text } });
}

export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postQuickOrder,
    onSuccess: (result) => storeCart(queryClient, result.cart),
  });
}

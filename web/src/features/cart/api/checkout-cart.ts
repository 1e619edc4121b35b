import type { CheckoutInput, Order } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `POST /api/checkout`: the cart becomes one unpaid order (its stock held), paid on /checkout/:id. */
export function checkoutCart(input: CheckoutInput): Promise<Order> {
  return request<Order>('/api/checkout', { method: 'POST', body: input });
}

export function useCheckoutCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutCart,
    // Placed or refused (a 409 for stock that went, a method that can no longer carry the cart): the
    // cart, the stock, the orders and the shipping options are read again.
    onSettled: () =>
      Promise.all(
        [queryRoots.cart, queryRoots.parts, queryRoots.orders, queryRoots.shipping].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

import type { Cart, CartLineInput } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putCart, storeCart } from '@/lib/cart/cart-api.ts';

/** The cart's lines as `PUT /api/cart` takes them, with one line changed (or removed: null). */
export function linesWith(cart: Cart, partId: string, next: CartLineInput | null): CartLineInput[] {
  return cart.lines.flatMap((line) =>
    line.partId !== partId ? [{ partId: line.partId, quantity: line.quantity }] : next ? [next] : [],
  );
}

/** `PUT /api/cart`: a quantity edited, a line removed or replaced by its successor. */
export function useUpdateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCart,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

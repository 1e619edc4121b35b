import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/index.ts';
import { addCartLines, cartQueryOptions, storeCart } from './cart-api.ts';
import { mergeVisitorCart } from './merge-visitor-cart.ts';
import { useVisitorCart, visitorCart } from './visitor-cart.ts';

/** The signed-in buyer's cart (disabled for a visitor, whose lines are in the browser). */
export function useServerCart() {
  const { status } = useAuth();
  return useQuery({ ...cartQueryOptions(), enabled: status === 'authenticated' });
}

/**
 * How many lines the cart has, for the navbar: the server's for a signed-in buyer, the browser's
 * for a visitor, null while that is not known yet.
 */
export function useCartLineCount(): number | null {
  const { status } = useAuth();
  const visitorLines = useVisitorCart();
  const cart = useServerCart();
  if (status === 'unauthenticated') return visitorLines.length;
  if (status === 'authenticated') return cart.data?.lines.length ?? null;
  return null;
}

export class CartFullError extends Error {
  override readonly name = 'CartFullError';
  constructor() {
    super('Your cart is full: check out or remove a line first.');
  }
}

/** "Add to cart": to the server's cart when signed in, else to the browser's. */
export function useAddToCart() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ partId, quantity }: { partId: string; quantity: number }) => {
      if (status === 'authenticated') {
        storeCart(queryClient, await addCartLines([{ partId, quantity }]));
        return;
      }
      if (!visitorCart.add(partId, quantity)) throw new CartFullError();
    },
  });
}

/**
 * A signed-in buyer with lines still in the browser (added while the session was loading, or a
 * merge a network failure interrupted): they join the account's cart now. Sign-in itself merges
 * (auth-controller); this catches what it could not.
 */
export function useMergeLeftoverVisitorCart() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const pending = useVisitorCart().length > 0;
  useEffect(() => {
    if (status === 'authenticated' && pending) void mergeVisitorCart(queryClient);
  }, [status, pending, queryClient]);
}

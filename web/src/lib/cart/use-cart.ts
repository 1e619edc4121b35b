import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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

export const CART_FULL_MESSAGE = 'Your cart is full: check out or remove a line first.';

export interface AddToCart {
  add: (partId: string, quantity: number) => void;
  pending: boolean;
  /** Units the last add put in the cart (null before one, or after a failure). */
  added: number | null;
  error: string | null;
}

/**
 * "Add to cart": to the server's cart when signed in, else to the browser's. Plain state rather
 * than a TanStack mutation: this module is in the first load (the navbar's count), and the
 * mutation code is kept out of it (vite.config.ts); pages import it from there.
 */
export function useAddToCart(): AddToCart {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<Omit<AddToCart, 'add'>>({ pending: false, added: null, error: null });
  const add = (partId: string, quantity: number) => {
    if (status !== 'authenticated') {
      const fits = visitorCart.add(partId, quantity);
      setState({ pending: false, added: fits ? quantity : null, error: fits ? null : CART_FULL_MESSAGE });
      return;
    }
    setState({ pending: true, added: null, error: null });
    addCartLines([{ partId, quantity }]).then(
      (cart) => {
        void storeCart(queryClient, cart);
        setState({ pending: false, added: quantity, error: null });
      },
      (error: unknown) =>
        setState({ pending: false, added: null, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return { ...state, add };
}

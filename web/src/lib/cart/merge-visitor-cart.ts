import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../http.ts';
import { addCartLines, storeCart } from './cart-api.ts';
import { asCartInput, visitorCart } from './visitor-cart.ts';

let merging: Promise<void> | null = null;

/**
 * Right after a sign-in (every path: e-mail, sign-up, Google; auth-controller's completeSignIn),
 * the visitor's lines join the account's cart with `POST /api/cart/lines` (same part: quantities
 * added) and leave the browser. One merge at a time, so two sign-in paths finishing together
 * never add the lines twice. It never fails the sign-in: lines the server cannot take (a part
 * deleted since, a full cart: a 4xx) are dropped, since sending them again would fail the same
 * way; on a network or server failure they stay for the next sign-in.
 */
export function mergeVisitorCart(queryClient: QueryClient): Promise<void> {
  merging ??= run(queryClient).finally(() => {
    merging = null;
  });
  return merging;
}

async function run(queryClient: QueryClient) {
  const lines = visitorCart.lines();
  if (lines.length === 0) return;
  try {
    await storeCart(queryClient, await addCartLines(asCartInput(lines)));
    visitorCart.clear();
  } catch (error) {
    const refused = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
    if (refused) visitorCart.clear();
  }
}

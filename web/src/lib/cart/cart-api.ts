import type { Cart, CartLineInput } from '@torque/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../http.ts';
import { PREFETCHED_STALE_MS, queryRoots } from '../query-keys.ts';

/**
 * The signed-in buyer's cart (issue 27): the server keeps it and prices it; every cart route
 * answers the whole cart, which goes straight into the query's cache. Here (not in a feature)
 * because the navbar's count, the catalogue's and the purchase page's "Add to cart" and the
 * sign-in merge all need it.
 */
export const cartQueryKey = queryRoots.cart;

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return request<Cart>('/api/cart', { signal });
}

/** Asked for as soon as the session answers on /cart (app/prefetch-first-page.ts), and by the navbar. */
export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal), staleTime: PREFETCHED_STALE_MS });

/** `POST /api/cart/lines`: adds the lines (a part already in the cart: its quantity grows). */
export function addCartLines(lines: CartLineInput[]): Promise<Cart> {
  return request<Cart>('/api/cart/lines', { method: 'POST', body: { lines } });
}

/** `PUT /api/cart`: the whole cart as the buyer edited it (a quantity, a removed or replaced line). */
export function putCart(lines: CartLineInput[]): Promise<Cart> {
  return request<Cart>('/api/cart', { method: 'PUT', body: { lines } });
}

/**
 * A cart the server answered becomes the cached one (no second request to read it back). A read
 * still on its way may have been answered before this change (the navbar asks for the cart the
 * moment a sign-in completes, while the visitor's lines are being added): it is cancelled, so it
 * cannot overwrite the newer cart when it lands.
 */
export async function storeCart(queryClient: QueryClient, cart: Cart): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartQueryKey });
  queryClient.setQueryData(cartQueryKey, cart);
}

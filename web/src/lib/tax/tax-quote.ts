import type { TaxQuote } from '@torque/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useServerCart } from '../cart/use-cart.ts';
import { request } from '../http.ts';
import { queryRoots } from '../query-keys.ts';

/**
 * `GET /api/tax/quote?addressId=&shippingMethodId=` (issue 29, signed in): what checking out the
 * cart as it is would charge: goods, shipping, net, tax per rate with its note, gross. Here (not
 * in a feature) because the cart and checkout both show it. Without an address id the server
 * uses the buyer's default shipping address; with none at all it computes no tax.
 */
export function getTaxQuote(addressId?: string, shippingMethodId?: string, signal?: AbortSignal): Promise<TaxQuote> {
  const params = new URLSearchParams();
  if (addressId) params.set('addressId', addressId);
  if (shippingMethodId) params.set('shippingMethodId', shippingMethodId);
  const query = params.toString();
  return request<TaxQuote>(`/api/tax/quote${query ? `?${query}` : ''}`, { signal });
}

/**
 * Under the cart's root, so whatever refreshes the cart refreshes the quote; `cart` is the
 * cart's lines as this client last saw them (edits store the new cart without a refetch, and a
 * quote of the old lines must not be shown for the new ones).
 */
export const taxQuoteQueryOptions = (cart: string, addressId?: string, shippingMethodId?: string) =>
  queryOptions({
    queryKey: [...queryRoots.cart, 'tax-quote', cart, addressId ?? null, shippingMethodId ?? null],
    queryFn: ({ signal }) => getTaxQuote(addressId, shippingMethodId, signal),
  });

/**
 * The quote for the signed-in buyer's cart, sent to `addressId` with `shippingMethodId` (both
 * optional: the server's defaults). Waits for the cart; a new quote keeps the last one on screen
 * while it loads.
 */
export function useTaxQuote(addressId?: string, shippingMethodId?: string) {
  const cart = useServerCart();
  const lines = cart.data?.lines.map((line) => `${line.partId}:${line.quantity}`).join(',') ?? '';
  return useQuery({
    ...taxQuoteQueryOptions(lines, addressId, shippingMethodId),
    enabled: cart.isSuccess && cart.data.lines.length > 0,
    placeholderData: keepPreviousData,
  });
}

import type { Address, ShippingMethod, ShippingOptions } from '@torque/contract';
import type { AddressInput } from '@torque/contract/address-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/index.ts';
import { request } from '../http.ts';
import { PREFETCHED_STALE_MS, queryRoots } from '../query-keys.ts';

/**
 * The address book (PRODUCT.md §20), shared by My Profile (the book) and the cart (checkout
 * chooses an address from it, or adds one): `lib/`, since features do not import each other.
 */
export const addressesKey = [...queryRoots.addresses, 'mine'] as const;

/** The signed-in buyer's book; asked for before a buyer's cart renders (app/prefetch-first-page.ts). */
export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: ({ signal }) => request<Address[]>('/api/addresses', { signal }),
    staleTime: PREFETCHED_STALE_MS,
  });

export function useAddresses() {
  const { status } = useAuth();
  return useQuery({ ...addressesQueryOptions(), enabled: status === 'authenticated' });
}

/** `POST /api/addresses` (no id) or `PUT /api/addresses/:id` (the whole address again). */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: AddressInput }) =>
      id
        ? request<Address>(`/api/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : request<Address>('/api/addresses', { method: 'POST', body: input }),
    // Defaults move between entries, and a changed address prices its shipping again.
    onSuccess: () =>
      Promise.all(
        [queryRoots.addresses, queryRoots.shipping].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(`/api/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.addresses }),
  });
}

/** A book entry as `PUT` takes it: the address's fields (the answer's `countryName` and dates left out). */
export function addressInputOf(entry: Address): AddressInput {
  return {
    label: entry.label,
    company: entry.company,
    name: entry.name,
    line1: entry.line1,
    line2: entry.line2,
    postalCode: entry.postalCode,
    city: entry.city,
    region: entry.region,
    country: entry.country,
    phone: entry.phone,
  };
}

/**
 * `GET /api/shipping/options?addressId=`: the methods that can carry the buyer's cart there (priced
 * by the server) and the ones that cannot, with why. Keyed by the cart too: a changed cart weighs
 * and costs something else.
 */
export function useShippingOptions(addressId: string | null, cartVersion: string) {
  return useQuery({
    queryKey: [...queryRoots.shipping, 'options', addressId, cartVersion],
    queryFn: ({ signal }) =>
      request<ShippingOptions>(`/api/shipping/options?addressId=${encodeURIComponent(addressId ?? '')}`, { signal }),
    enabled: addressId !== null,
  });
}

/** `GET /api/shipping/methods` (public): the active methods, for their free-shipping threshold. */
export const activeShippingMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.shipping, 'active'],
    queryFn: ({ signal }) => request<ShippingMethod[]>('/api/shipping/methods', { signal }),
    staleTime: 60_000,
  });

export function useActiveShippingMethods(enabled = true) {
  return useQuery({ ...activeShippingMethodsQueryOptions(), enabled });
}

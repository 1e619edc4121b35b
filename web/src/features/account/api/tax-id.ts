import type { TaxIdAnswer } from '@torque/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

const taxIdQueryKey = [...queryRoots.tax, 'tax-id'];

/** `GET /api/tax-id` (signed in): the buyer's own tax number, its country and VIES status. */
export function getTaxId(signal?: AbortSignal): Promise<TaxIdAnswer> {
  return request<TaxIdAnswer>('/api/tax-id', { signal });
}

export const taxIdQueryOptions = () =>
  queryOptions({ queryKey: taxIdQueryKey, queryFn: ({ signal }) => getTaxId(signal) });

export function useTaxId() {
  return useQuery(taxIdQueryOptions());
}

/** `PUT /api/tax-id` { taxId } (empty removes it): checked with VIES, answered with its status. */
export function putTaxId(taxId: string): Promise<TaxIdAnswer> {
  return request<TaxIdAnswer>('/api/tax-id', { method: 'PUT', body: { taxId } });
}

/** The answer is the new state; a tax number changes the cart's quote (reverse charge) too. */
export function useUpdateTaxId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTaxId,
    onSuccess: (answer) => queryClient.setQueryData(taxIdQueryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.cart }),
  });
}

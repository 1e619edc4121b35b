import type { TaxRate, TaxRateInput } from '@torque/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/tax/rates` (admin): every rate, a country's and its regions'. */
export function getTaxRates(signal?: AbortSignal): Promise<TaxRate[]> {
  return request<TaxRate[]>('/api/tax/rates', { signal });
}

export const taxRatesQueryOptions = () =>
  queryOptions({ queryKey: [...queryRoots.tax, 'rates'], queryFn: ({ signal }) => getTaxRates(signal) });

export function useTaxRates() {
  return useQuery(taxRatesQueryOptions());
}

/** `POST /api/tax/rates`, or `PUT /api/tax/rates/:id` with an id (admin). */
export function saveTaxRate({ id, input }: { id: string | null; input: TaxRateInput }): Promise<TaxRate> {
  return id
    ? request<TaxRate>(`/api/tax/rates/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : request<TaxRate>('/api/tax/rates', { method: 'POST', body: input });
}

/** `DELETE /api/tax/rates/:id` (admin). */
export function deleteTaxRate(id: string): Promise<unknown> {
  return request(`/api/tax/rates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A rate changes every quote and what the cart shows: the cart's root goes too. */
function useInvalidateRates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.tax }),
      queryClient.invalidateQueries({ queryKey: queryRoots.cart }),
    ]);
}

export function useSaveTaxRate() {
  const invalidate = useInvalidateRates();
  return useMutation({ mutationFn: saveTaxRate, onSettled: invalidate });
}

export function useDeleteTaxRate() {
  const invalidate = useInvalidateRates();
  return useMutation({ mutationFn: deleteTaxRate, onSettled: invalidate });
}

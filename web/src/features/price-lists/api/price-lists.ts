import type { Company, PriceList, PriceListInput } from '@torque/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/price-lists` (shop admins): every list, by name. */
export const priceListsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.priceLists, 'all'],
    queryFn: ({ signal }) => request<PriceList[]>('/api/price-lists', { signal }),
  });

export const usePriceLists = () => useQuery(priceListsQueryOptions());

/** `GET /api/companies` (shop admins): the companies a list may name. */
export const useCompaniesForLists = () =>
  useQuery({
    queryKey: [...queryRoots.priceLists, 'companies'],
    queryFn: ({ signal }) => request<Company[]>('/api/companies', { signal }),
  });

/** `POST /api/price-lists`, or `PUT /api/price-lists/:id` with an id. */
export function savePriceList({ id, input }: { id: string | null; input: PriceListInput }): Promise<PriceList> {
  return id
    ? request<PriceList>(`/api/price-lists/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : request<PriceList>('/api/price-lists', { method: 'POST', body: input });
}

export const deletePriceList = (id: string): Promise<unknown> =>
  request(`/api/price-lists/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** A list changes what buyers pay: the catalogue and carts are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryRoots.priceLists }),
      queryClient.invalidateQueries({ queryKey: queryRoots.parts }),
      queryClient.invalidateQueries({ queryKey: queryRoots.cart }),
    ]);
}

export function useSavePriceList() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: savePriceList, onSettled: invalidate });
}

export function useDeletePriceList() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePriceList, onSettled: invalidate });
}

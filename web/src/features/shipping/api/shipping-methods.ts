import type { ShippingMethod, ShippingMethodInput } from '@torque/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/shipping/methods/all` (admin): every method, inactive ones too. */
export function useAllShippingMethods() {
  return useQuery({
    queryKey: [...queryRoots.shipping, 'all'],
    queryFn: ({ signal }) => request<ShippingMethod[]>('/api/shipping/methods/all', { signal }),
  });
}

/** `POST /api/shipping/methods` (no id) or `PUT /api/shipping/methods/:id` (admin). */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: ShippingMethodInput }) =>
      id
        ? request<ShippingMethod>(`/api/shipping/methods/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : request<ShippingMethod>('/api/shipping/methods', { method: 'POST', body: input }),
    // Every cart's options change with a method.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.shipping }),
  });
}

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(`/api/shipping/methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.shipping }),
  });
}

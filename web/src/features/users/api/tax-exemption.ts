import type { TaxExemptionInput } from '@torque/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

export interface TaxExemption {
  certificate: string;
  expiresOn: string;
}

const path = (email: string) => `/api/tax-exemptions/${encodeURIComponent(email)}`;
const exemptionKey = (email: string) => [...queryRoots.tax, 'exemption', email];

/** `GET /api/tax-exemptions/:email` (admin): the account's certificate, or null when none is recorded (404). */
export async function getTaxExemption(email: string, signal?: AbortSignal): Promise<TaxExemption | null> {
  try {
    return await request<TaxExemption | null>(path(email), { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export function useTaxExemption(email: string | null) {
  return useQuery({
    queryKey: exemptionKey(email ?? ''),
    queryFn: ({ signal }) => getTaxExemption(email!, signal),
    enabled: email !== null,
  });
}

/** `PUT /api/tax-exemptions/:email` (admin): records (or replaces) the certificate, 0 % until it expires. */
export function putTaxExemption({ email, input }: { email: string; input: TaxExemptionInput }): Promise<TaxExemption> {
  return request<TaxExemption>(path(email), { method: 'PUT', body: input });
}

/** `DELETE /api/tax-exemptions/:email` (admin). */
export function deleteTaxExemption(email: string): Promise<unknown> {
  return request(path(email), { method: 'DELETE' });
}

export function useSaveTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTaxExemption,
    onSettled: (_data, _error, { email }) => queryClient.invalidateQueries({ queryKey: exemptionKey(email) }),
  });
}

export function useDeleteTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxExemption,
    onSettled: (_data, _error, email) => queryClient.invalidateQueries({ queryKey: exemptionKey(email) }),
  });
}

import type { Part } from '@torque/contract';
import { normalisePartNumber } from '@torque/contract/part-number-rule';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * `GET /api/parts/by-number/:number`: the part with that own number (any spelling). A
 * discontinued number answers 301 to its successor's, which fetch follows: the answer is then
 * the successor.
 */
export function getPartByNumber(number: string, signal?: AbortSignal): Promise<Part> {
  return request<Part>(`/api/parts/by-number/${encodeURIComponent(number)}`, { signal });
}

/** One entry per number in normal form: `bp 4471` and `BP-4471` share it. */
export const partByNumberQueryOptions = (number: string) =>
  queryOptions({
    queryKey: [...queryRoots.parts, 'by-number', normalisePartNumber(number)],
    queryFn: ({ signal }) => getPartByNumber(number, signal),
    retry: false,
  });

export function usePartByNumber(number: string) {
  return useQuery(partByNumberQueryOptions(number));
}

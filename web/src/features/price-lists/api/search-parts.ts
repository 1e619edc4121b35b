import type { Part } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** How many parts the price list's part picker offers for one search. */
export const PICKER_LIMIT = 8;

/**
 * `GET /api/parts?q=…&limit=8`: the catalogue's own search (a part number, own or cross-referenced,
 * ranks first; then names), for the price list's part picker. Nothing is asked for an empty search.
 */
export const partSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...queryRoots.parts, 'picker', q],
    queryFn: ({ signal }) =>
      request<Part[]>(`/api/parts?${new URLSearchParams({ q, limit: String(PICKER_LIMIT) })}`, { signal }),
    enabled: q !== '',
    staleTime: 30_000,
  });

export const usePartSearch = (q: string) => useQuery(partSearchQueryOptions(q));

import type { Part } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** PRODUCT.md §9: the home page shows the first 3 parts. */
export const HOME_PART_COUNT = 3;

/** `GET /api/parts?limit=3`: the first page of the catalogue, as many parts as the home page shows. */
export function getHomeParts(signal?: AbortSignal): Promise<Part[]> {
  return request<Part[]>(`/api/parts?limit=${HOME_PART_COUNT}`, { signal });
}

/** Under the `parts` root (placing an order invalidates it: stock), apart from the whole list's `['parts']`. */
export const homePartsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.parts, { limit: HOME_PART_COUNT }],
    queryFn: ({ signal }) => getHomeParts(signal),
    staleTime: 30_000,
  });

export function useHomeParts() {
  // A server that ignores `limit` answers the whole catalogue: still show 3.
  return useQuery({ ...homePartsQueryOptions(), select: (parts) => parts.slice(0, HOME_PART_COUNT) });
}

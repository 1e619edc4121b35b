import type { PartDetail } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { PREFETCHED_STALE_MS, queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/parts/:id`: one part, with its current stock and its fitment. */
export function getPart(id: string, signal?: AbortSignal): Promise<PartDetail> {
  return request<PartDetail>(`/api/parts/${encodeURIComponent(id)}`, { signal });
}

/** Asked for before the purchase page renders (../prefetch.ts); the order's stock is the server's to check. */
export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryRoots.parts, id],
    queryFn: ({ signal }) => getPart(id, signal),
    staleTime: PREFETCHED_STALE_MS,
  });

export function usePart(id: string) {
  return useQuery(partQueryOptions(id));
}

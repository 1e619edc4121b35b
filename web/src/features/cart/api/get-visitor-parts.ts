import type { PartDetail } from '@torque/contract';
import { useQueries } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * A visitor's lines' parts from the public `GET /api/parts/:id` (the purchase page's key, so a
 * part read there is not read again).
 */
export function useVisitorParts(partIds: readonly string[]) {
  return useQueries({
    queries: partIds.map((id) => ({
      queryKey: [...queryRoots.parts, id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request<PartDetail>(`/api/parts/${encodeURIComponent(id)}`, { signal }),
    })),
  });
}

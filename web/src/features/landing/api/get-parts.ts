import type { Part } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

/** `GET /api/parts`: the catalogue. */
export function getParts(signal?: AbortSignal): Promise<Part[]> {
  return request<Part[]>('/api/parts', { signal });
}

export const partsQueryOptions = () =>
  queryOptions({ queryKey: ['parts'], queryFn: ({ signal }) => getParts(signal), staleTime: 30_000 });

/** PRODUCT.md §9: the home page shows the first 3 parts. */
export const HOME_PART_COUNT = 3;

export function useHomeParts() {
  return useQuery({ ...partsQueryOptions(), select: (parts) => parts.slice(0, HOME_PART_COUNT) });
}

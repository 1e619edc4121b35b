import type { Part } from '@torque/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, requestPage, type Page } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/parts`: the whole catalogue. */
export function getParts(signal?: AbortSignal): Promise<Part[]> {
  return request<Part[]>('/api/parts', { signal });
}

export const partsQueryOptions = () =>
  queryOptions({ queryKey: queryRoots.parts, queryFn: ({ signal }) => getParts(signal), staleTime: 30_000 });

export function useParts() {
  return useQuery(partsQueryOptions());
}

/** `GET /api/parts?limit=…` (Manage Products): one page, searched, optionally low stock only. */
export function getPartsPage(query: string, signal?: AbortSignal): Promise<Page<Part>> {
  return requestPage<Part>(`/api/parts?${query}`, { signal });
}

export function usePartsPage(query: string) {
  return useQuery({
    queryKey: [...queryRoots.parts, 'page', query],
    queryFn: ({ signal }) => getPartsPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

import type { Part } from '@torque/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestWithHeaders } from '@/lib/http.ts';
import { nextCursor } from '@/lib/link-header.ts';
import { writeParams, type CatalogueParams } from '../utils/catalogue-params.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** Parts per page: fills rows of 1, 2, 3 or 4 columns. */
export const CATALOGUE_PAGE_SIZE = 12;

export interface PartsPage {
  parts: Part[];
  /** `X-Total-Count`: every part that matches, across pages (null if the server did not say). */
  total: number | null;
  /** The cursor of the `Link: <…>; rel="next"` page, or null on the last page. */
  nextCursor: string | null;
}

/** `GET /api/parts?q=…&inStock=true&sort=…&limit=12[&cursor=…]`: one page of the catalogue. */
export async function getPartsPage(
  params: CatalogueParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = writeParams(params);
  search.set('limit', String(CATALOGUE_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  const { data, headers } = await requestWithHeaders<Part[]>(`/api/parts?${search}`, { signal });
  const total = Number.parseInt(headers.get('X-Total-Count') ?? '', 10);
  return { parts: data, total: Number.isNaN(total) ? null : total, nextCursor: nextCursor(headers.get('Link')) };
}

/**
 * Keyed by the search, filter and sort (under the `parts` root, which an order invalidates): an
 * answer for older params lands in its own entry and never shows for newer ones.
 */
export const catalogueQueryOptions = (params: CatalogueParams) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.parts, 'catalogue', params],
    queryFn: ({ pageParam, signal }) => getPartsPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useCatalogue(params: CatalogueParams) {
  return useInfiniteQuery(catalogueQueryOptions(params));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** PRODUCT.md §3: a partner is an id and a logo (the file also names it, for the logo's alt text). */
export interface Partner {
  id: number | string;
  img: string;
  name?: string;
}

/** The static partners list shipped with the site (`/partners.json`). */
export function getPartners(signal?: AbortSignal): Promise<Partner[]> {
  return request<Partner[]>('/partners.json', { signal });
}

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: queryRoots.partners, queryFn: ({ signal }) => getPartners(signal), staleTime: Infinity });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}

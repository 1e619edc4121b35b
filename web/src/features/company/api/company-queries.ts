import type { Company, MyCompany } from '@torque/contract';
import { queryOptions } from '@tanstack/react-query';
import { isApiError, request } from '@/lib/http.ts';
import { PREFETCHED_STALE_MS, queryRoots } from '@/lib/query-keys.ts';

// The company pages' first data, apart from company.ts's hooks and mutations so that the app's
// entry can ask for it while the page's chunk downloads (../prefetch.ts) without carrying them.

export const myCompanyQueryKey = [...queryRoots.companies, 'mine'] as const;

/** `GET /api/company`: the caller's company, or null when they belong to none (404). */
export async function getMyCompany(signal?: AbortSignal): Promise<MyCompany | null> {
  try {
    return await request<MyCompany>('/api/company', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: myCompanyQueryKey,
    queryFn: ({ signal }) => getMyCompany(signal),
    staleTime: PREFETCHED_STALE_MS,
  });

/** `GET /api/companies` (shop admins): every company. */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.companies, 'all'],
    queryFn: ({ signal }) => request<Company[]>('/api/companies', { signal }),
    staleTime: PREFETCHED_STALE_MS,
  });

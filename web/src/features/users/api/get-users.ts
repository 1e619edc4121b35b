import type { User } from '@torque/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestPage, type Page } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/all-user?limit=…` (admin): one page of the accounts, searched by name or e-mail. */
export function getUsersPage(query: string, signal?: AbortSignal): Promise<Page<User>> {
  return requestPage<User>(`/api/all-user?${query}`, { signal });
}

export function useUsers(query: string) {
  return useQuery({
    queryKey: [...queryRoots.users, 'all', query],
    queryFn: ({ signal }) => getUsersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

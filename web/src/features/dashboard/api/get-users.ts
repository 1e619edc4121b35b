import type { User } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

export const USERS_KEY = ['users'] as const;

/** `GET /api/all-user` (admin): every account. */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return request<User[]>('/api/all-user', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: [...USERS_KEY, 'all'], queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

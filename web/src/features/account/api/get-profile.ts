import type { Profile } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/user?email=`: the signed-in user's record (address, phone, linkedin). */
export function getProfile(email: string, signal?: AbortSignal): Promise<Profile> {
  return request<Profile>(`/api/user?email=${encodeURIComponent(email)}`, { signal });
}

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...queryRoots.users, 'one', email], queryFn: ({ signal }) => getProfile(email, signal) });

export function useProfile() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({ ...profileQueryOptions(email), enabled: email !== '' });
}

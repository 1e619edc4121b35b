import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminStatus } from './auth-api.ts';
import { useAuth } from './auth-provider.tsx';
import { queryRoots } from '@/lib/query-keys.ts';

export const adminQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...queryRoots.auth, 'admin', email],
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    staleTime: 5 * 60 * 1000,
  });

export interface AdminState {
  isAdmin: boolean;
  /** Auth or the admin lookup is still loading. */
  isLoading: boolean;
  isError: boolean;
  /** The lookup answered (so `isAdmin` is the server's word). */
  isKnown: boolean;
  refetch: () => void;
}

/** PRODUCT.md §6: admin status comes from a server lookup by email. */
export function useAdmin(): AdminState {
  const { status, user } = useAuth();
  const email = user?.email ?? '';
  const query = useQuery({ ...adminQueryOptions(email), enabled: status === 'authenticated' && email !== '' });
  return {
    isAdmin: query.data === true,
    isLoading: status === 'loading' || (status === 'authenticated' && query.isPending),
    isError: query.isError,
    isKnown: query.isSuccess,
    refetch: () => void query.refetch(),
  };
}

import type { Profile } from '@torque/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/**
 * `GET /api/user?email=`: the buyer's phone and address, to prefill checkout, and their company's
 * terms (whether to offer "Pay on account"). The same key as My Profile's query (features/account),
 * so the two share one cached record.
 */
export function useBuyerProfile() {
  const { user } = useAuth();
  const email = user?.email ?? '';
  return useQuery({
    queryKey: [...queryRoots.users, 'one', email],
    queryFn: ({ signal }) => request<Profile>(`/api/user?email=${encodeURIComponent(email)}`, { signal }),
    enabled: email !== '',
  });
}

import { queryOptions } from '@tanstack/react-query';
import { getSession } from './auth-api.ts';
import { queryRoots } from '@/lib/query-keys.ts';

export const sessionQueryKey = [...queryRoots.auth, 'session'] as const;

let pendingSignOut: Promise<unknown> | null = null;

/** While a sign-out is in flight, a session read waits for it (else it could read the old cookie). */
export function trackSignOut(promise: Promise<unknown>) {
  pendingSignOut = promise;
  void promise.finally(() => {
    if (pendingSignOut === promise) pendingSignOut = null;
  });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      if (pendingSignOut) await pendingSignOut.catch(() => undefined);
      return getSession(signal);
    },
    staleTime: 60_000,
  });
}

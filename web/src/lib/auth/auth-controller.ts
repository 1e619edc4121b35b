import type { QueryClient } from '@tanstack/react-query';
import { mergeVisitorCart } from '../cart/merge-visitor-cart.ts';
import type { ApiError } from '../http.ts';
import { tokenStorage } from '../token-storage.ts';
import { exchangeAccessToken, getSession, signOutRequest, type SessionData } from './auth-api.ts';
import { sessionQueryKey, sessionQueryOptions, trackSignOut } from './session.ts';

export interface AuthController {
  /** Get and store an access token for the signed-in identity (one request at a time). */
  exchange: (email: string) => Promise<string>;
  /** After a sign-in or sign-up: load the session, store the access token, add the visitor's cart to the account's. */
  completeSignIn: (email: string) => Promise<void>;
  /** Revoke the session, drop the token, clear every cached query. */
  signOut: () => Promise<void>;
  isSigningOut: () => boolean;
  /**
   * Whether `email`'s session is the current one and has no access token, now. An effect can run
   * a frame after its render (Preact runs them after paint), when a sign-out may have ended it.
   */
  needsToken: (email: string) => boolean;
  /** For the HTTP client: a `TOKEN_EXPIRED` 401 while the session may still be alive. */
  refreshToken: () => Promise<boolean>;
  /** For the HTTP client: any other 401/403 from the API (PRODUCT.md §6). */
  onUnauthorized: (error: ApiError) => void;
}

export function createAuthController(queryClient: QueryClient): AuthController {
  let exchanging: { email: string; promise: Promise<string> } | null = null;
  let signingOut: Promise<void> | null = null;

  const sessionUser = () => queryClient.getQueryData<SessionData | null>(sessionQueryKey)?.user ?? null;

  function exchange(email: string): Promise<string> {
    if (exchanging?.email === email) return exchanging.promise;
    const promise = exchangeAccessToken(email)
      .then(({ accessToken }) => {
        tokenStorage.set(accessToken);
        return accessToken;
      })
      .finally(() => {
        if (exchanging?.promise === promise) exchanging = null;
      });
    exchanging = { email, promise };
    return promise;
  }

  async function completeSignIn(email: string) {
    // Session first: a token never sits in storage without the session it belongs to.
    await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    await exchange(email);
    await mergeVisitorCart(queryClient);
  }

  function signOut(): Promise<void> {
    if (signingOut) return signingOut;
    const run = async () => {
      tokenStorage.remove();
      const revoke = signOutRequest().catch(() => undefined);
      trackSignOut(revoke);
      await queryClient.cancelQueries();
      queryClient.setQueryData(sessionQueryKey, null);
      await revoke;
      // Everything cached belonged to the signed-out user; the (now empty) session stays.
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(sessionQueryKey) });
    };
    signingOut = run().finally(() => {
      signingOut = null;
    });
    return signingOut;
  }

  function needsToken(email: string): boolean {
    return !signingOut && !tokenStorage.get() && sessionUser()?.email === email;
  }

  async function refreshToken(): Promise<boolean> {
    try {
      const email = sessionUser()?.email ?? (await getSession())?.user.email;
      if (!email) return false;
      await exchange(email);
      return true;
    } catch {
      return false;
    }
  }

  function onUnauthorized() {
    if (signingOut) return;
    if (tokenStorage.get() || sessionUser()) void signOut();
  }

  return {
    exchange,
    completeSignIn,
    signOut,
    isSigningOut: () => signingOut !== null,
    needsToken,
    refreshToken,
    onUnauthorized,
  };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, setAuthHooks } from '../http.ts';
import { tokenStorage } from '../token-storage.ts';
import type { SessionUser } from './auth-api.ts';
import { createAuthController } from './auth-controller.ts';
import { sessionQueryOptions } from './session.ts';
import { useAccessToken } from './use-access-token.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  /** `loading` until both the session and its access token are known. */
  status: AuthStatus;
  /** The signed-in identity (only when `authenticated`). */
  user: SessionUser | null;
  completeSignIn: (email: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);
/**
 * The signed-in identity alone: it stays the same object while the status moves from loading to
 * signed out (or a token is re-exchanged), so what only asks "who" (the catalogue and the landing
 * page, through useVehicle) does not render again then — on /parts that was the whole list a
 * second time, right after it first rendered (issue 31).
 */
const AuthUserContext = createContext<SessionUser | null>(null);

/** The one place auth state lives: session (TanStack Query) + access token (token storage). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [controller] = useState(() => createAuthController(queryClient));
  useEffect(
    () => setAuthHooks({ refreshToken: controller.refreshToken, onUnauthorized: controller.onUnauthorized }),
    [controller],
  );

  const session = useQuery(sessionQueryOptions());
  const token = useAccessToken();
  const sessionUser = session.data?.user ?? null;
  const email = sessionUser?.email;

  // A token without a session (signed out elsewhere, session expired) is stale: drop it.
  const sessionGone = session.isSuccess && !sessionUser;
  useEffect(() => {
    if (sessionGone && token && !controller.isSigningOut()) tokenStorage.remove();
  }, [sessionGone, token, controller]);

  // A session without a token (Google popup, a cleared token, a reload): get one, or sign out.
  useEffect(() => {
    if (!email || token || !controller.needsToken(email)) return;
    // Only a refusal ends the session. A request aborted by a closing window (the Google popup
    // closes right after sign-in) or a network blip must not sign out the session just created.
    controller.exchange(email).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return controller.signOut();
    });
  }, [email, token, controller]);

  const status: AuthStatus = session.isPending
    ? 'loading'
    : !sessionUser
      ? 'unauthenticated'
      : token
        ? 'authenticated'
        : 'loading';

  const user = status === 'authenticated' ? sessionUser : null;
  const value = useMemo<AuthState>(
    () => ({ status, user, completeSignIn: controller.completeSignIn, signOut: controller.signOut }),
    [status, user, controller],
  );

  return (
    <AuthContext value={value}>
      <AuthUserContext value={user}>{children}</AuthUserContext>
    </AuthContext>
  );
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in identity (null while loading or signed out), without the status around it. */
export function useAuthUser(): SessionUser | null {
  return useContext(AuthUserContext);
}

import type { AccessTokenResponse } from '@torque/contract';
import { request } from '../http.ts';

/** The identity library's user as `get-session` returns it (PRODUCT.md §13). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

export interface SessionData {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

/** `GET /api/auth/get-session`: the session, or null when signed out. */
export async function getSession(signal?: AbortSignal): Promise<SessionData | null> {
  const data = await request<SessionData | null | undefined>('/api/auth/get-session', { signal });
  return data && typeof data === 'object' && data.user ? data : null;
}

/** `POST /api/auth/sign-out`: revokes the session cookie server-side. */
export function signOutRequest(): Promise<unknown> {
  return request('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * `PUT /api/user/{email}` (PRODUCT.md §7): trade the identity session (cookie) for the API access
 * token. Sent without the old bearer token, which may be the expired one being replaced.
 */
export function exchangeAccessToken(email: string): Promise<AccessTokenResponse> {
  return request<AccessTokenResponse>(`/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { email },
    bearer: false,
    authErrors: 'ignore',
  });
}

/** `GET /api/admin/{email}`: `{ admin }` (PRODUCT.md §7 also allows a bare boolean). */
export async function getAdminStatus(email: string, signal?: AbortSignal): Promise<boolean> {
  const data = await request<{ admin?: unknown } | boolean>(`/api/admin/${encodeURIComponent(email)}`, { signal });
  return typeof data === 'boolean' ? data : data?.admin === true;
}

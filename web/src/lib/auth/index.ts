export { AuthProvider, useAuth, useAuthUser, type AuthState, type AuthStatus } from './auth-provider.tsx';
export { useAdmin, adminQueryOptions, type AdminState } from './use-admin.ts';
export type { SessionUser } from './auth-api.ts';
export { sessionQueryKey, sessionQueryOptions } from './session.ts';

export { RequireAuth } from './require-auth.tsx';
export { RequireAdmin } from './require-admin.tsx';

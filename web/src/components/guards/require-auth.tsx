import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/index.ts';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * PRODUCT.md §2: a spinner while authentication loads, then unauthenticated users go to /login and
 * the page they asked for travels along (location state `from`).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Checking your sign-in" />;
  if (status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

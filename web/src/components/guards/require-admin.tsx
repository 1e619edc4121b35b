import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdmin, useAuth } from '@/lib/auth/index.ts';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * PRODUCT.md §2: a spinner while auth or the admin lookup loads. A signed-in non-admin is signed out
 * and sent to /login with the origin kept.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, signOut } = useAuth();
  const admin = useAdmin();
  const location = useLocation();
  const denied = status === 'authenticated' && admin.isKnown && !admin.isAdmin;

  useEffect(() => {
    if (denied) void signOut();
  }, [denied, signOut]);

  if (status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  if (admin.isError) {
    return (
      <div role="alert" className="alert alert-error m-6">
        <span>We could not check your admin rights.</span>
        <button type="button" className="btn btn-sm" onClick={admin.refetch}>
          Try again
        </button>
      </div>
    );
  }
  if (status === 'loading' || admin.isLoading || denied) return <PageSpinner label="Checking your access" />;
  return children ?? <Outlet />;
}

import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { loadChunk } from '@/lib/lazy-route.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormPlaceholder } from '../components/form-placeholder.tsx';
import { redirectTarget } from '../utils/redirect-target.ts';

// The card paints without waiting for the forms chunk (Lighthouse: it held back the largest paint).
const LoginForm = lazy(() =>
  loadChunk('login-form', () =>
    import('../components/login-form.tsx').then((module) => ({ default: module.LoginForm })),
  ),
);

export default function LoginPage() {
  useTitle('Login');
  const { status } = useAuth();
  const location = useLocation();

  // Signed in (by the form or the Google popup): back to where the guard found us, else home.
  if (status === 'authenticated') return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          <Link to="/forgot-password" className="link font-medium text-amber-800">
            Forgot password?
          </Link>
          <br />
          New to Torque Parts?{' '}
          <Link to="/signup" className="link font-medium text-amber-800">
            Create new account
          </Link>
        </>
      }
    >
      <ChunkErrorBoundary>
        <Suspense fallback={<FormPlaceholder fields={['Email', 'Password']} submitLabel="Login" />}>
          <LoginForm />
        </Suspense>
      </ChunkErrorBoundary>
    </AuthCard>
  );
}

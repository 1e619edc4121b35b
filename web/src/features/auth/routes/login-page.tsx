import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { usePainted } from '@/lib/use-painted.ts';
import { loadChunk } from '@/lib/lazy-route.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormPlaceholder } from '../components/form-placeholder.tsx';
import { redirectTarget } from '../utils/redirect-target.ts';

// The card paints without waiting for the forms chunk (Lighthouse: it held back the largest paint),
// which is asked for only after that paint (usePainted).
const LoginForm = lazy(() =>
  loadChunk('login-form', () =>
    import('../components/login-form.tsx').then((module) => ({ default: module.LoginForm })),
  ),
);

export default function LoginPage() {
  useTitle('Login');
  const { status } = useAuth();
  const location = useLocation();
  const painted = usePainted();

  // Signed in (by the form or the Google popup): back to where the guard found us, else home.
  if (status === 'authenticated') return <Navigate to={redirectTarget(location.state)} replace />;

  const placeholder = <FormPlaceholder fields={['Email', 'Password']} submitLabel="Login" />;
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
          <Link to="/signup" state={location.state} className="link font-medium text-amber-800">
            Create new account
          </Link>
        </>
      }
    >
      <ChunkErrorBoundary>
        {/* The form's chunk is asked for once the card has painted, not during its first render. */}
        <Suspense fallback={placeholder}>{painted ? <LoginForm /> : placeholder}</Suspense>
      </ChunkErrorBoundary>
    </AuthCard>
  );
}

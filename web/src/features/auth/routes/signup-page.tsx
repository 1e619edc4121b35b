import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '@/components/errors/chunk-error-boundary.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { usePainted } from '@/lib/use-painted.ts';
import { loadChunk } from '@/lib/lazy-route.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { redirectTarget } from '../utils/redirect-target.ts';
import { FormPlaceholder } from '../components/form-placeholder.tsx';

// The card paints without waiting for the forms chunk (Lighthouse: it held back the largest paint),
// which is asked for only after that paint (usePainted).
const SignupForm = lazy(() =>
  loadChunk('signup-form', () =>
    import('../components/signup-form.tsx').then((module) => ({ default: module.SignupForm })),
  ),
);

export default function SignupPage() {
  useTitle('Sign Up');
  const { status } = useAuth();
  const location = useLocation();
  const painted = usePainted();

  // PRODUCT.md §2: when already signed in, signup redirects to /dashboard, or back to the page
  // that sent the visitor here (an invitation's link, issue 30).
  if (status === 'authenticated') return <Navigate to={redirectTarget(location.state, '/dashboard')} replace />;

  const placeholder = <FormPlaceholder fields={['Name', 'Email', 'Password']} submitLabel="SignUp" />;
  return (
    <AuthCard
      title="Sign Up"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className="link font-medium text-amber-800">
            Please login
          </Link>
        </>
      }
    >
      <ChunkErrorBoundary>
        {/* The form's chunk is asked for once the card has painted, not during its first render. */}
        <Suspense fallback={placeholder}>{painted ? <SignupForm /> : placeholder}</Suspense>
      </ChunkErrorBoundary>
    </AuthCard>
  );
}

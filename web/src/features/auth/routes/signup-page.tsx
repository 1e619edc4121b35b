import { Link, Navigate, useLocation } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SignupForm } from '../components/signup-form.tsx';

export default function SignupPage() {
  useTitle('Sign Up');
  const { status } = useAuth();
  const location = useLocation();

  // SPEC §2: when already signed in, signup redirects to /dashboard.
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;

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
      <SignupForm />
    </AuthCard>
  );
}

import { Link, Navigate, useLocation } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { redirectTarget } from '../utils/redirect-target.ts';

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
          New to Torque Parts?{' '}
          <Link to="/signup" className="link font-medium text-amber-800">
            Create new account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}

import { Link, Navigate, useSearchParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** The page the reset e-mail links to: `/reset-password?token=…`; the person signs in afterwards. */
export default function ResetPasswordPage() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const { status } = useAuth();
  const token = params.get('token') ?? '';

  if (status === 'authenticated') return <Navigate to="/" replace />;

  return (
    <AuthCard
      title="Reset password"
      google={false}
      footer={
        <Link to="/forgot-password" className="link font-medium text-amber-800">
          Send a new link
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="alert alert-warning">
          This link is incomplete. Ask for a new one.
        </p>
      )}
    </AuthCard>
  );
}

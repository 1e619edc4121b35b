import { Link } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** "Forgot password?" from /login: asks for the address and sends the link. */
export default function ForgotPasswordPage() {
  useTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot password"
      google={false}
      footer={
        <Link to="/login" className="link font-medium text-amber-800">
          Back to login
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

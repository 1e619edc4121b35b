import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import { signInWithEmail } from './sign-in.ts';

/**
 * `POST /api/auth/request-password-reset`: e-mails a reset link if the address has an account.
 * The answer is the same either way, so the page never says which.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return request('/api/auth/request-password-reset', { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (input: { email: string }) => requestPasswordReset(input.email) });
}

/** `POST /api/auth/reset-password`: sets the new password; every old session ends. */
export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

/** Reset, then sign in with the new password (the link carries the address) and take the access token. */
export function useResetPassword() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: async (input: { token: string; email: string; password: string }) => {
      await resetPassword(input.token, input.password);
      const result = await signInWithEmail({ email: input.email, password: input.password });
      await completeSignIn(result.user.email);
      return result;
    },
  });
}

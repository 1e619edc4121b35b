import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

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

/**
 * Sets the new password and nothing more: the person then signs in themselves (issue 24). The
 * page once signed in with an address taken from the link, which need not be the token's
 * account: a crafted link could sign its reader into the sender's account (login CSRF).
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => resetPassword(input.token, input.password),
  });
}

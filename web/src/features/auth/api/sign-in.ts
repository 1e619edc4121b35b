import type { LoginForm } from '@torque/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuth, type SessionUser } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';

export interface IdentityResult {
  token: string | null;
  user: SessionUser;
}

/** `POST /api/auth/sign-in/email`: sets the session cookie; a 401 carries the provider's message. */
export function signInWithEmail(input: LoginForm): Promise<IdentityResult> {
  return request<IdentityResult>('/api/auth/sign-in/email', { method: 'POST', body: input });
}

/** Sign in, then trade the session for the API access token (PRODUCT.md §13). */
export function useSignIn() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: async (input: LoginForm) => {
      const result = await signInWithEmail(input);
      await completeSignIn(result.user.email);
      return result;
    },
  });
}

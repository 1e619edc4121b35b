import type { SignupForm } from '@torque/contract';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/index.ts';
import { request } from '@/lib/http.ts';
import type { IdentityResult } from './sign-in.ts';

/** `POST /api/auth/sign-up/email`: creates the account and signs it in (session cookie). */
export function signUpWithEmail(input: SignupForm): Promise<IdentityResult> {
  return request<IdentityResult>('/api/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUp() {
  const { completeSignIn } = useAuth();
  return useMutation({
    mutationFn: async (input: SignupForm) => {
      const result = await signUpWithEmail(input);
      await completeSignIn(result.user.email);
      return result;
    },
  });
}

import { z } from 'zod';
import { TEXT_MAX } from './common.ts';

/**
 * Sign-in and sign-up form rules with PRODUCT.md §5's messages, verbatim. The "pattern of at
 * least three letters" is read as: a plausible address (something@host.tld) with three
 * letters in it; both failures say 'error message' as PRODUCT.md §5 says.
 */
const email = z
  .string()
  .min(1, 'Email is Required')
  .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && /[A-Za-z].*[A-Za-z].*[A-Za-z]/.test(v), 'error message');

const password = z.string().min(1, 'Password is required').min(6, 'Must be 6 characters or longer');

export const loginForm = z.object({ email, password });
export type LoginForm = z.infer<typeof loginForm>;

export const signupForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is Required')
    .max(TEXT_MAX.accountName, `Name must be at most ${TEXT_MAX.accountName} characters`),
  email,
  password,
});
export type SignupForm = z.infer<typeof signupForm>;

/** "Forgot password?": the address to send the reset link to. */
export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

/** The page the reset link opens: a new password under PRODUCT.md §5's password rules. */
export const resetPasswordForm = z.object({ password });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

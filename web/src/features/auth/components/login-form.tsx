import type { loginForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { useSignIn } from '../api/sign-in.ts';

/** The contract's `loginForm`, fetched when the form is first focused (useLazyZodForm). */
const loadLoginForm = () => import('@torque/contract').then((contract): typeof loginForm => contract.loginForm);

/** Email + password with PRODUCT.md §5's messages (from the contract's `loginForm`). */
export function LoginForm() {
  const { form, preload } = useLazyZodForm(loadLoginForm, { defaultValues: { email: '', password: '' } });
  const signIn = useSignIn();
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onFocus={preload}
      onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <FormSubmit pending={signIn.isPending} error={signIn.error?.message}>
        Login
      </FormSubmit>
    </form>
  );
}

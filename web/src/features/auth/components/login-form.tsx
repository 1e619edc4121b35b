import type { loginForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useFormOnDemand } from '@/components/form/use-form-on-demand.tsx';
import { useSignIn } from '../api/sign-in.ts';

/** The contract's `loginForm`, fetched when the form is first focused (useFormOnDemand). */
const loadLoginForm = () => import('@torque/contract').then((contract): typeof loginForm => contract.loginForm);

/** Email + password with PRODUCT.md §5's messages (from the contract's `loginForm`). */
export function LoginForm() {
  const signIn = useSignIn();
  // react-hook-form and the schema load on the first focus or submit (not with the page).
  const { register, errors, formProps, host } = useFormOnDemand(loadLoginForm, (values) => signIn.mutate(values));

  return (
    <form noValidate className="flex flex-col gap-4" {...formProps}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <FormSubmit pending={signIn.isPending} error={signIn.error?.message}>
        Login
      </FormSubmit>
      {host}
    </form>
  );
}

import type { signupForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useFormOnDemand } from '@/components/form/use-form-on-demand.tsx';
import { useSignUp } from '../api/sign-up.ts';

/** The contract's `signupForm`, fetched when the form is first focused (useFormOnDemand). */
const loadSignupForm = () => import('@torque/contract').then((contract): typeof signupForm => contract.signupForm);

/** Name, email, password with PRODUCT.md §5's messages (from the contract's `signupForm`). */
export function SignupForm() {
  const signUp = useSignUp();
  // react-hook-form and the schema load on the first focus or submit (not with the page).
  const { register, errors, formProps, host } = useFormOnDemand(loadSignupForm, (values) => signUp.mutate(values));

  return (
    <form noValidate className="flex flex-col gap-4" {...formProps}>
      <TextField label="Name" autoComplete="name" registration={register('name')} error={errors.name?.message} />
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
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <FormSubmit pending={signUp.isPending} error={signUp.error?.message}>
        SignUp
      </FormSubmit>
      {host}
    </form>
  );
}

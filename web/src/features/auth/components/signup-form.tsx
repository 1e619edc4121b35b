import type { signupForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { useSignUp } from '../api/sign-up.ts';

/** The contract's `signupForm`, fetched when the form is first focused (useLazyZodForm). */
const loadSignupForm = () => import('@torque/contract').then((contract): typeof signupForm => contract.signupForm);

/** Name, email, password with PRODUCT.md §5's messages (from the contract's `signupForm`). */
export function SignupForm() {
  const { form, preload } = useLazyZodForm(loadSignupForm, { defaultValues: { name: '', email: '', password: '' } });
  const signUp = useSignUp();
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onFocus={preload}
      onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
    >
      <TextField label="Name" autoComplete="name" registration={form.register('name')} error={errors.name?.message} />
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
        autoComplete="new-password"
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <FormSubmit pending={signUp.isPending} error={signUp.error?.message}>
        SignUp
      </FormSubmit>
    </form>
  );
}

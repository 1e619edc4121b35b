import { signupForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { useSignUp } from '../api/sign-up.ts';

/** Name, email, password with PRODUCT.md §5's messages (from the contract's `signupForm`). */
export function SignupForm() {
  const form = useZodForm(signupForm, { defaultValues: { name: '', email: '', password: '' } });
  const signUp = useSignUp();
  const { errors } = form.formState;

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
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

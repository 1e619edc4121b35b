import type { resetPasswordForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { useResetPassword } from '../api/password-reset.ts';

/** The contract's `resetPasswordForm`, fetched when the form is first focused (useLazyZodForm). */
const loadResetPasswordForm = () =>
  import('@torque/contract').then((contract): typeof resetPasswordForm => contract.resetPasswordForm);

/** A new password (PRODUCT.md §5's rules and messages); on success the user is signed in. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { form, preload } = useLazyZodForm(loadResetPasswordForm, { defaultValues: { password: '' } });
  const reset = useResetPassword();
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onFocus={preload}
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, email, password: values.password }))}
    >
      <p className="text-sm">
        Choose a new password for <strong>{email}</strong>.
      </p>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <FormSubmit pending={reset.isPending} error={reset.error?.message}>
        Set new password
      </FormSubmit>
    </form>
  );
}

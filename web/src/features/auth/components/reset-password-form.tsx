import type { resetPasswordForm } from '@torque/contract';
import { Link } from 'react-router';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { useResetPassword } from '../api/password-reset.ts';

/** The contract's `resetPasswordForm`, fetched when the form is first focused (useLazyZodForm). */
const loadResetPasswordForm = () =>
  import('@torque/contract').then((contract): typeof resetPasswordForm => contract.resetPasswordForm);

/**
 * A new password (PRODUCT.md §5's rules and messages). On success it says so and links to the
 * sign-in page: who the token belongs to is the server's to know, not the link's to say.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { form, preload } = useLazyZodForm(loadResetPasswordForm, { defaultValues: { password: '' } });
  const reset = useResetPassword();
  const { errors } = form.formState;

  if (reset.isSuccess) {
    return (
      <p role="status" className="alert alert-success">
        <span>
          Your password has been changed.{' '}
          <Link to="/login" className="link font-medium">
            Sign in
          </Link>{' '}
          with it.
        </span>
      </p>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onFocus={preload}
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, password: values.password }))}
    >
      <p className="text-sm">Choose a new password for your account.</p>
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

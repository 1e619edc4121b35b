import type { forgotPasswordForm } from '@torque/contract';
import { FormSubmit } from '@/components/form/submit-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';

/** The contract's `forgotPasswordForm`, fetched when the form is first focused (useLazyZodForm). */
const loadForgotPasswordForm = () =>
  import('@torque/contract').then((contract): typeof forgotPasswordForm => contract.forgotPasswordForm);

/** The address to send a reset link to; the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const { form, preload } = useLazyZodForm(loadForgotPasswordForm, { defaultValues: { email: '' } });
  const send = useRequestPasswordReset();
  const { errors } = form.formState;

  if (send.isSuccess) {
    return (
      <p role="status" className="alert alert-info">
        If an account exists for {form.getValues('email')}, we have sent it a link to choose a new password. The link
        works for one hour.
      </p>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onFocus={preload}
      onSubmit={form.handleSubmit((values) => send.mutate(values))}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <FormSubmit pending={send.isPending} error={send.error?.message}>
        Send reset link
      </FormSubmit>
    </form>
  );
}

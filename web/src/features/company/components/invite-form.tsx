import type { companyInvitationInput } from '@torque/contract';
import { FormError } from '@/components/form/form-error.tsx';
import { showServerFieldErrors } from '@/components/form/server-field-errors.ts';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { useInvite } from '../api/company.ts';

/** The contract's `companyInvitationInput`, fetched on the form's first focus (useLazyZodForm). */
const loadInvitationInput = () =>
  import('@torque/contract').then((contract): typeof companyInvitationInput => contract.companyInvitationInput);

/** A company admin invites a buyer by e-mail (issue 30); the server's refusal shows at the field. */
export function InviteForm() {
  const { form, preload } = useLazyZodForm(loadInvitationInput, { defaultValues: { email: '' } });
  const invite = useInvite();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email }) =>
    invite.mutate(email, {
      onSuccess: (invitation) => {
        toast.success(`Invitation sent to ${invitation.email}`);
        form.reset({ email: '' });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) showServerFieldErrors(error, ['email'], form.setError);
        else if (isApiError(error) && error.status === 409)
          form.setError('email', { type: 'server', message: error.message });
      },
    }),
  );
  const atField = isApiError(invite.error) && (invite.error.fields !== undefined || invite.error.status === 409);

  return (
    <form
      noValidate
      aria-label="Invite a buyer"
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <h3 className="text-base font-semibold">Invite a buyer</h3>
      <p className="text-sm text-base-content/80">
        We e-mail them a link that works once, for 7 days. They sign in or sign up with this address.
      </p>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <FormError message={invite.isError && !atField ? invite.error.message : null} />
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={invite.isPending}>
          {invite.isPending ? <Spinner size="sm" /> : null}
          Send invitation
        </button>
      </div>
    </form>
  );
}

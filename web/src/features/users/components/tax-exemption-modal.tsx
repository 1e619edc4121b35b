import { taxExemptionInput } from '@torque/contract';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import {
  useDeleteTaxExemption,
  useSaveTaxExemption,
  useTaxExemption,
  type TaxExemption,
} from '../api/tax-exemption.ts';

const fieldNames = ['certificate', 'expiresOn'] as const;

/**
 * A user's tax-exemption certificate (issue 29, admin): its number and expiry date; recorded,
 * replaced or removed here. While it is valid the user's orders carry 0 % with the certificate's note.
 * A native `<dialog>` (focus trap, Escape) like ConfirmModal.
 */
export function TaxExemptionModal({ email, onClose }: { email: string | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const exemption = useTaxExemption(email);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (email !== null && !dialog.open) dialog.showModal?.();
    if (email === null && dialog.open) dialog.close?.();
  }, [email]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box flex flex-col gap-3">
        <h2 id={titleId} className="text-lg font-bold">
          Tax exemption
        </h2>
        {email ? (
          <>
            <p className="text-sm break-all">
              For <strong>{email}</strong>
            </p>
            <QueryResult query={exemption} what="the exemption">
              {(current) => <ExemptionForm key={email} email={email} current={current} onClose={onClose} />}
            </QueryResult>
          </>
        ) : null}
      </div>
    </dialog>
  );
}

function ExemptionForm({
  email,
  current,
  onClose,
}: {
  email: string;
  current: TaxExemption | null;
  onClose: () => void;
}) {
  const form = useZodForm(taxExemptionInput, {
    defaultValues: { certificate: current?.certificate ?? '', expiresOn: current?.expiresOn ?? '' },
  });
  const save = useSaveTaxExemption();
  const remove = useDeleteTaxExemption();
  const { errors } = form.formState;
  const fieldErrors = isApiError(save.error) && save.error.fields !== undefined;

  useEffect(() => {
    form.reset({ certificate: current?.certificate ?? '', expiresOn: current?.expiresOn ?? '' });
  }, [current, form]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { email, input },
      {
        onSuccess: () => {
          toast.success(`Tax exemption recorded for ${email}`);
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error) || !error.fields) return;
          for (const name of fieldNames) {
            const message = error.fields[name];
            if (message) form.setError(name, { type: 'server', message });
          }
        },
      },
    ),
  );

  function removeExemption() {
    remove.mutate(email, {
      onSuccess: () => {
        toast.success(`Tax exemption removed for ${email}`);
        onClose();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  const expired = current !== null && current.expiresOn < new Date().toISOString().slice(0, 10);
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={onSubmit} aria-label="Tax exemption certificate">
      <p className="text-sm" data-testid="tax-exemption-current">
        {current ? (
          <>
            Certificate <strong>{current.certificate}</strong>, valid until{' '}
            <time dateTime={current.expiresOn}>{current.expiresOn}</time>
            {expired ? <span className="badge badge-sm badge-warning ml-2">Expired</span> : null}
          </>
        ) : (
          'No certificate recorded: tax is charged as usual.'
        )}
      </p>
      <TextField
        label="Certificate number"
        autoComplete="off"
        required
        registration={form.register('certificate')}
        error={errors.certificate?.message}
      />
      <TextField
        label="Expiry date"
        type="date"
        required
        registration={form.register('expiresOn')}
        error={errors.expiresOn?.message}
      />
      <p className="text-xs text-base-content/80">Orders placed until the expiry date (included) carry no tax.</p>
      <FormError message={save.isError && !fieldErrors ? save.error.message : null} />
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        {current ? (
          <button
            type="button"
            className="btn btn-outline btn-error"
            disabled={remove.isPending}
            onClick={removeExemption}
          >
            {remove.isPending ? <Spinner size="sm" /> : null}
            Remove certificate
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? <Spinner size="sm" /> : null}
          Save certificate
        </button>
      </div>
    </form>
  );
}

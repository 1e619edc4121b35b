import { taxIdInput, type TaxIdAnswer, type TaxIdStatus } from '@torque/contract';
import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useTaxId, useUpdateTaxId } from '../api/tax-id.ts';

const STATUS: Record<TaxIdStatus, { label: string; badge: string; text: string }> = {
  valid: {
    label: 'Valid',
    badge: 'badge-success',
    text: 'Confirmed by the EU’s VIES service.',
  },
  invalid: {
    label: 'Invalid',
    badge: 'badge-error',
    text: 'The EU’s VIES service does not know this number. Check it: until then tax is charged as for a private buyer.',
  },
  unverified: {
    label: 'Unverified',
    badge: 'badge-warning',
    text: 'We could not reach the EU’s VIES service; we will check again.',
  },
};

/**
 * A number of no EU member state (an EIN, a Canadian BN) is kept unverified for good: nothing
 * checks it and it never lowers the tax (PRODUCT.md §21), so "we will check again" would be untrue.
 */
const OTHER_NUMBER = {
  label: 'Not checked',
  badge: 'badge-neutral',
  text: 'Not an EU VAT number: it is printed on your invoices, and tax is charged as usual.',
};

/** The buyer's tax number's status as a badge and a sentence (issue 29); `country` null: not an EU VAT number. */
export function TaxIdStatusBadge({ status, country }: { status: TaxIdStatus; country: string | null }) {
  const { label, badge, text } = status === 'unverified' && country === null ? OTHER_NUMBER : STATUS[status];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="tax-id-status">
      <span className={`badge badge-sm ${badge}`}>{label}</span>
      <span>{text}</span>
    </p>
  );
}

/** "Tax number" on My Profile (issue 29): the VAT number or tax id, checked by the server. */
export function TaxIdSection() {
  const taxId = useTaxId();
  return (
    <section aria-labelledby="tax-id-title" className="flex flex-col gap-3">
      <h3 id="tax-id-title" className="text-lg font-semibold">
        Tax number
      </h3>
      <QueryResult query={taxId} what="your tax number">
        {(answer) => <TaxIdForm answer={answer} />}
      </QueryResult>
    </section>
  );
}

function TaxIdForm({ answer }: { answer: TaxIdAnswer }) {
  const form = useZodForm(taxIdInput, { defaultValues: { taxId: answer.taxId ?? '' } });
  const update = useUpdateTaxId();
  const { errors } = form.formState;
  const fieldError = isApiError(update.error) ? update.error.fields?.taxId : undefined;

  // The stored number once it is known (and after a save, as the server normalised it).
  useEffect(() => {
    form.reset({ taxId: answer.taxId ?? '' });
  }, [answer.taxId, form]);

  const onSubmit = form.handleSubmit(({ taxId }) =>
    update.mutate(taxId, {
      onSuccess: (saved) => toast.success(saved.taxId ? 'Tax number saved' : 'Tax number removed'),
      onError: (error) => {
        if (isApiError(error) && error.fields?.taxId)
          form.setError('taxId', { type: 'server', message: error.fields.taxId });
      },
    }),
  );

  return (
    <form noValidate className="flex max-w-xl flex-col gap-2" onSubmit={onSubmit}>
      <TextField
        label="VAT number / tax id"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="e.g. FR40303265045"
        registration={form.register('taxId')}
        error={errors.taxId?.message}
      />
      {answer.taxId && answer.status ? <TaxIdStatusBadge status={answer.status} country={answer.country} /> : null}
      <p className="text-xs text-base-content/80">
        Buying for a business in another EU member state? With a valid EU VAT number from a member state other than
        ours, your orders are invoiced without VAT under the reverse charge: you account for the VAT. Leave the field
        empty and save to remove the number.
      </p>
      <FormError message={update.isError && !fieldError ? update.error.message : null} />
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          {update.isPending ? <Spinner size="sm" /> : null}
          Save tax number
        </button>
      </div>
    </form>
  );
}

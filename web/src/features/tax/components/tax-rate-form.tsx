import type { TaxRate } from '@torque/contract';
import { useEffect } from 'react';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { showServerFieldErrors } from '@/components/form/server-field-errors.ts';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useSaveTaxRate } from '../api/tax-rates.ts';
import { emptyTaxRate, taxRateFormSchema, type TaxRateFormValues } from './tax-rate-schema.ts';

const fieldNames = ['country', 'region', 'rate', 'name'] as const;

const valuesOf = (rate: TaxRate): TaxRateFormValues => ({
  country: rate.country,
  region: rate.region ?? '',
  rate: String(rate.rate),
  name: rate.name,
});

interface TaxRateFormProps {
  /** The rate being edited, or null to add one. */
  editing: TaxRate | null;
  onDone: () => void;
}

/** Country, optional region, rate in percent and name (issue 29); adds a rate or saves the one being edited. */
export function TaxRateForm({ editing, onDone }: TaxRateFormProps) {
  const form = useZodForm(taxRateFormSchema, { defaultValues: emptyTaxRate() });
  const save = useSaveTaxRate();
  const { errors } = form.formState;
  const fieldErrors = isApiError(save.error) && save.error.fields !== undefined;

  const forgetSave = save.reset;
  // Another rate picked (or none): its values, and no message left from the last one.
  useEffect(() => {
    form.reset(editing ? valuesOf(editing) : emptyTaxRate());
    forgetSave();
  }, [editing, form, forgetSave]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: editing?._id ?? null, input },
      {
        onSuccess: (rate) => {
          toast.success(editing ? `${rate.name} saved` : `${rate.name} added`);
          form.reset(emptyTaxRate());
          onDone();
        },
        onError: (error) => showServerFieldErrors(error, fieldNames, form.setError),
      },
    ),
  );

  const title = editing ? `Edit ${editing.name}` : 'Add a rate';
  return (
    <form
      noValidate
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={title}
      onSubmit={onSubmit}
    >
      <h3 className="text-base font-semibold sm:col-span-2 lg:col-span-4">{title}</h3>
      <TextField
        label="Country"
        placeholder="DE"
        maxLength={2}
        autoCapitalize="characters"
        required
        registration={form.register('country')}
        error={errors.country?.message}
      />
      <TextField
        label="Region (optional)"
        placeholder="CA"
        autoCapitalize="characters"
        registration={form.register('region')}
        error={errors.region?.message}
      />
      <TextField
        label="Rate (%)"
        inputMode="decimal"
        placeholder="19"
        required
        registration={form.register('rate')}
        error={errors.rate?.message}
      />
      <TextField
        label="Name"
        placeholder="VAT"
        required
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-4">
        <FormError message={save.isError && !fieldErrors ? save.error.message : null} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {editing ? 'Save rate' : 'Add rate'}
          </button>
          {editing ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
              Cancel edit
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

import type { PriceList } from '@torque/contract';
import { useEffect, useId } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useCompaniesForLists, useSavePriceList } from '../api/price-lists.ts';
import { PartPicker } from './part-picker.tsx';
import {
  emptyPriceList,
  emptyPriceRow,
  formFieldOf,
  inputOf,
  valuesOf,
  type PriceListFormValues,
} from './price-list-values.ts';

interface PriceListFormProps {
  /** The list being edited, or null to add one. */
  editing: PriceList | null;
  onDone: () => void;
}

/**
 * A price list (PRODUCT.md §25): name, companies, percent off, fixed prices per part with their own
 * tiers, validity window. Checked by the contract's schema before it is sent; the server's
 * per-field messages (unknown part, tiers out of order) land under their fields too.
 */
export function PriceListForm({ editing, onDone }: PriceListFormProps) {
  const form = useForm<PriceListFormValues>({ defaultValues: emptyPriceList() });
  const prices = useFieldArray({ control: form.control, name: 'prices' });
  const rows = useWatch({ control: form.control, name: 'prices' });
  const companies = useCompaniesForLists();
  const save = useSavePriceList();
  const { errors } = form.formState;
  const companiesId = useId();
  const fieldErrors = isApiError(save.error) && save.error.fields !== undefined;

  const forgetSave = save.reset;
  useEffect(() => {
    form.reset(editing ? valuesOf(editing) : emptyPriceList());
    forgetSave();
  }, [editing, form, forgetSave]);

  const setProblems = (problems: Record<string, string>) => {
    for (const [name, message] of Object.entries(problems))
      form.setError(formFieldOf(name) as Path<PriceListFormValues>, { type: 'validate', message });
  };

  const onSubmit = form.handleSubmit((values) => {
    const checked = inputOf(values);
    if ('problems' in checked) return setProblems(checked.problems);
    save.mutate(
      { id: editing?._id ?? null, input: checked.input },
      {
        onSuccess: (list) => {
          toast.success(editing ? `${list.name} saved` : `${list.name} added`);
          form.reset(emptyPriceList());
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setProblems(error.fields);
        },
      },
    );
  });

  const title = editing ? `Edit ${editing.name}` : 'Add a price list';
  const companyError = errors.companyIds?.message ?? errors.companyIds?.root?.message;
  return (
    <form
      noValidate
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2"
      aria-label={title}
      onSubmit={onSubmit}
    >
      <h3 className="text-base font-semibold sm:col-span-2">{title}</h3>
      <TextField label="Name" required registration={form.register('name')} error={errors.name?.message} />
      <TextField
        label="Percent off the catalogue (optional)"
        inputMode="decimal"
        placeholder="5"
        registration={form.register('percentOff')}
        error={errors.percentOff?.message}
      />
      <TextField
        label="Valid from (optional)"
        type="datetime-local"
        registration={form.register('validFrom')}
        error={errors.validFrom?.message}
      />
      <TextField
        label="Valid until (optional, not included)"
        type="datetime-local"
        registration={form.register('validTo')}
        error={errors.validTo?.message}
      />
      <fieldset className="sm:col-span-2" aria-describedby={companyError ? `${companiesId}-error` : undefined}>
        <legend className="text-sm font-medium">Companies</legend>
        {companies.data?.length ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
            {companies.data.map((c) => (
              <label key={c._id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  value={c._id}
                  {...form.register('companyIds')}
                />
                {c.name}
              </label>
            ))}
          </div>
        ) : (
          <p className="text-sm text-base-content/80">
            {companies.isLoading ? 'Loading companies…' : 'No companies yet: a list without companies prices nobody.'}
          </p>
        )}
        {companyError ? (
          <p id={`${companiesId}-error`} className="text-sm text-red-700">
            {companyError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium">Fixed prices</legend>
        {prices.fields.map((field, i) => (
          <div
            key={field.id}
            className="grid gap-2 rounded-field border border-base-300 p-2 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-start"
          >
            <PartPicker
              label={`Part (row ${i + 1})`}
              picked={rows[i] ?? null}
              error={errors.prices?.[i]?.partId?.message}
              onPick={(part) => {
                form.setValue(`prices.${i}.partId`, part.partId);
                form.setValue(`prices.${i}.partNumber`, part.partNumber);
                form.setValue(`prices.${i}.partName`, part.partName);
                form.clearErrors(`prices.${i}.partId`);
              }}
            />
            <TextField
              label="Price per unit"
              inputMode="decimal"
              registration={form.register(`prices.${i}.price`)}
              error={errors.prices?.[i]?.price?.message}
            />
            <TextField
              label="Tiers (quantity @ price; …)"
              placeholder="100 @ 8.50; 500 @ 8.20"
              registration={form.register(`prices.${i}.tiers`)}
              error={errors.prices?.[i]?.tiers?.message}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm text-red-700 sm:mt-6"
              onClick={() => prices.remove(i)}
            >
              Remove<span className="sr-only"> row {i + 1}</span>
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => prices.append(emptyPriceRow())}
        >
          Add a fixed price
        </button>
      </fieldset>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={save.isError && !fieldErrors ? save.error.message : null} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {editing ? 'Save price list' : 'Add price list'}
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

import type { Address } from '@torque/contract';
import type { addressInput } from '@torque/contract/address-rules';
import { useEffect, useId, useState } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useSaveAddress } from '@/lib/addresses/address-api.ts';
import { isApiError } from '@/lib/http.ts';

/**
 * The contract's address rules (country list, postal code per country: maintained libraries),
 * fetched with the form: the cart paints without them and without zod (issue 31).
 */
const loadRules = () => import('@torque/contract/address-rules');
const loadAddressInput = () => loadRules().then((rules): typeof addressInput => rules.addressInput);

const fieldNames = [
  'label',
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
  'defaultShipping',
  'defaultBilling',
] as const;

interface AddressValues {
  label: string;
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

const valuesOf = (entry: Address | undefined): AddressValues => ({
  label: entry?.label ?? '',
  name: entry?.name ?? '',
  company: entry?.company ?? '',
  line1: entry?.line1 ?? '',
  line2: entry?.line2 ?? '',
  city: entry?.city ?? '',
  region: entry?.region ?? '',
  postalCode: entry?.postalCode ?? '',
  country: entry?.country ?? NEW_ADDRESS_COUNTRY.code,
  phone: entry?.phone ?? '',
  defaultShipping: entry?.defaultShipping ?? false,
  defaultBilling: entry?.defaultBilling ?? false,
});

/** A new address's country until the buyer picks another. */
const NEW_ADDRESS_COUNTRY = { code: 'US', name: 'United States of America' }; // the list's (official) name

/**
 * The chosen country's name before the list is here (it comes with the form's first focus): the
 * entry's own (the server's name), or the new address's. Not Intl.DisplayNames: its first use
 * loads the browser's region names, a 27 ms task (CPU not slowed) when the cart showed the form.
 */
function countryNameBeforeList(code: string, entry: Address | undefined): string {
  if (entry && code === entry.country) return entry.countryName;
  return code === NEW_ADDRESS_COUNTRY.code ? NEW_ADDRESS_COUNTRY.name : code;
}

/**
 * Every country, by English name (i18n-iso-countries through the contract), loaded once `wanted`
 * (the form's first focus, as its schema is): the page paints without the country data.
 */
function useCountries(wanted: boolean): [string, string][] | null {
  const [list, setList] = useState<[string, string][] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadRules()
      .then((rules) => {
        if (live) setList(Object.entries(rules.countryNames()).sort((a, b) => a[1].localeCompare(b[1])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return list;
}

interface AddressFormProps {
  /** The entry to edit; a new one without it. */
  entry?: Address | undefined;
  title: string;
  submitLabel: string;
  /** Show the "default shipping / billing" boxes (the book); checkout leaves them to the server. */
  withDefaults?: boolean;
  onSaved: (saved: Address) => void;
  onCancel?: (() => void) | undefined;
}

/**
 * One address of the book (PRODUCT.md §20): the contract checks the postal code against the
 * country as the server does, and the server's own field messages ("Postal code is not valid for
 * Germany") are shown at their fields.
 */
export function AddressForm({ entry, title, submitLabel, withDefaults = true, onSaved, onCancel }: AddressFormProps) {
  const titleId = useId();
  const countryId = useId();
  const { form, preload: preloadSchema } = useLazyZodForm(loadAddressInput, {
    mode: 'onTouched',
    defaultValues: valuesOf(entry),
  });
  const save = useSaveAddress();
  const [touched, setTouched] = useState(false);
  const countries = useCountries(touched);
  const preload = () => {
    preloadSchema();
    setTouched(true);
  };
  const { errors } = form.formState;
  const current = form.watch('country');

  // The list arrives after the first paint: keep the chosen country selected once it does.
  useEffect(() => {
    if (countries) form.setValue('country', current);
  }, [countries]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        id: entry?._id,
        // A new entry leaves unticked defaults to the server (the book's first address becomes both);
        // an edit says what it wants.
        input: entry
          ? values
          : {
              ...values,
              defaultShipping: values.defaultShipping || undefined,
              defaultBilling: values.defaultBilling || undefined,
            },
      },
      {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved));
          onSaved(saved);
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

  const serverMessage = save.isError && !(isApiError(save.error) && save.error.fields) ? save.error.message : null;
  const countryError = errors.country?.message;

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      className="grid gap-3 sm:grid-cols-2"
      onFocus={preload}
      onSubmit={onSubmit}
    >
      <h3 id={titleId} className="font-semibold sm:col-span-2">
        {title}
      </h3>
      <TextField
        label="Full name"
        autoComplete="name"
        required
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <TextField
        label="Company (optional)"
        autoComplete="organization"
        registration={form.register('company')}
        error={errors.company?.message}
      />
      <TextField
        label="Street and number"
        autoComplete="address-line1"
        required
        className="sm:col-span-2"
        registration={form.register('line1')}
        error={errors.line1?.message}
      />
      <TextField
        label="Unit, floor (optional)"
        autoComplete="address-line2"
        className="sm:col-span-2"
        registration={form.register('line2')}
        error={errors.line2?.message}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        required
        registration={form.register('city')}
        error={errors.city?.message}
      />
      <TextField
        label="State or region (optional)"
        autoComplete="address-level1"
        registration={form.register('region')}
        error={errors.region?.message}
      />
      <TextField
        label="Postal code"
        autoComplete="postal-code"
        registration={form.register('postalCode')}
        error={errors.postalCode?.message}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium">
          Country
        </label>
        <select
          id={countryId}
          autoComplete="country"
          required
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryId}-error` : undefined}
          className={`select w-full ${countryError ? 'select-error' : ''}`}
          {...form.register('country')}
          onPointerDown={preload}
        >
          {countries ? (
            countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))
          ) : (
            <option value={current}>{countryNameBeforeList(current, entry)}</option>
          )}
        </select>
        {countryError ? (
          <p id={`${countryId}-error`} className="text-sm text-red-700">
            {countryError}
          </p>
        ) : null}
      </div>
      <TextField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        registration={form.register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        label="Label (optional)"
        placeholder="Garage, office…"
        registration={form.register('label')}
        error={errors.label?.message}
      />
      {withDefaults ? (
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
          <legend className="sr-only">Defaults</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" {...form.register('defaultShipping')} />
            Default shipping address
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" {...form.register('defaultBilling')} />
            Default billing address
          </label>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={serverMessage} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {submitLabel}
          </button>
          {onCancel ? (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

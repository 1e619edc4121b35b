import { shippingMethodInput, type ShippingMethod, type ShippingMethodInput } from '@torque/contract';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useSaveShippingMethod } from '../api/shipping-methods.ts';

/** The form's values: what the admin types, as text. */
interface MethodValues {
  name: string;
  carrier: string;
  countries: string;
  rates: { upToGrams: string; price: string }[];
  freeOver: string;
  minDays: string;
  maxDays: string;
  carriesHazardous: boolean;
  active: boolean;
}

const valuesOf = (method: ShippingMethod | undefined): MethodValues => ({
  name: method?.name ?? '',
  carrier: method?.carrier ?? '',
  countries: method?.countries.join(', ') ?? 'US',
  rates: method?.rates.map((r) => ({ upToGrams: String(r.upToGrams), price: String(r.price) })) ?? [
    { upToGrams: '', price: '' },
  ],
  freeOver: method?.freeOver === null || method?.freeOver === undefined ? '' : String(method.freeOver),
  minDays: method ? String(method.estimateDays[0]) : '',
  maxDays: method ? String(method.estimateDays[1]) : '',
  carriesHazardous: method?.carriesHazardous ?? false,
  active: method?.active ?? true,
});

/** The contract's input from the typed values (the contract turns number text into numbers). */
const inputOf = (v: MethodValues) => ({
  name: v.name,
  carrier: v.carrier,
  countries: v.countries
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase()),
  rates: v.rates.map((r) => ({ upToGrams: r.upToGrams.trim(), price: r.price.trim() })),
  freeOver: v.freeOver.trim() === '' ? null : v.freeOver.trim(),
  carriesHazardous: v.carriesHazardous,
  estimateDays: [v.minDays.trim(), v.maxDays.trim()],
  active: v.active,
});

/** A contract or server field path ("rates.0.price", "estimateDays.1") as the form's field. */
function fieldOf(path: string): Path<MethodValues> | 'root' {
  if (/^rates\.\d+\.(upToGrams|price)$/.test(path)) return path as Path<MethodValues>;
  if (path === 'estimateDays.0' || path === 'estimateDays') return 'minDays';
  if (path === 'estimateDays.1') return 'maxDays';
  if (path.startsWith('countries')) return 'countries';
  if (['name', 'carrier', 'freeOver', 'rates'].includes(path)) return path as Path<MethodValues>;
  return 'root';
}

interface ShippingMethodFormProps {
  method?: ShippingMethod | undefined;
  onDone: () => void;
}

/**
 * A shipping method (PRODUCT.md §20): name, carrier, countries, weight bands (each bound inclusive,
 * in increasing weight), free-shipping threshold, hazardous goods, estimate, active. Checked by the
 * contract's `shippingMethodInput`, as the server checks it.
 */
export function ShippingMethodForm({ method, onDone }: ShippingMethodFormProps) {
  const form = useForm<MethodValues>({ defaultValues: valuesOf(method) });
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const save = useSaveShippingMethod();
  const { errors } = form.formState;

  const showErrors = (issues: { path: string; message: string }[]) => {
    for (const { path, message } of issues) {
      const name = fieldOf(path);
      if (name === 'root') form.setError('root', { type: 'server', message });
      else if (!form.getFieldState(name).error) form.setError(name, { type: 'server', message });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    const checked = shippingMethodInput.safeParse(inputOf(values));
    if (!checked.success) {
      showErrors(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      return;
    }
    save.mutate(
      { id: method?._id, input: checked.data as ShippingMethodInput },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && error.fields)
            showErrors(Object.entries(error.fields).map(([path, message]) => ({ path, message })));
        },
      },
    );
  });

  const serverMessage = save.isError && !(isApiError(save.error) && save.error.fields) ? save.error.message : null;

  return (
    <form
      noValidate
      aria-label={method ? `Edit ${method.name}` : 'New shipping method'}
      className="grid gap-4 sm:grid-cols-2"
      // The messages of the last try are the contract's or the server's, not a field rule's:
      // cleared first, or they would keep the form from being sent again.
      onSubmit={(event) => {
        form.clearErrors();
        void onSubmit(event);
      }}
    >
      <TextField label="Name" required registration={form.register('name')} error={errors.name?.message} />
      <TextField label="Carrier" required registration={form.register('carrier')} error={errors.carrier?.message} />
      <TextField
        label="Countries (ISO codes, comma-separated)"
        required
        className="sm:col-span-2"
        placeholder="US, CA"
        registration={form.register('countries')}
        error={errors.countries?.message}
      />
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Rates by parcel weight (each bound inclusive)</legend>
        <ol className="flex flex-col gap-2">
          {rates.fields.map((field, index) => (
            <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <TextField
                label={`Band ${index + 1}: up to (g)`}
                inputMode="numeric"
                registration={form.register(`rates.${index}.upToGrams`)}
                error={errors.rates?.[index]?.upToGrams?.message}
              />
              <TextField
                label={`Band ${index + 1}: price ($)`}
                inputMode="decimal"
                registration={form.register(`rates.${index}.price`)}
                error={errors.rates?.[index]?.price?.message}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm mt-6 text-error"
                aria-label={`Remove band ${index + 1}`}
                disabled={rates.fields.length === 1}
                onClick={() => rates.remove(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <FormError message={errors.rates?.message ?? errors.rates?.root?.message} />
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => rates.append({ upToGrams: '', price: '' })}
          >
            Add a band
          </button>
        </div>
      </fieldset>
      <TextField
        label="Free shipping from ($, optional)"
        inputMode="decimal"
        registration={form.register('freeOver')}
        error={errors.freeOver?.message}
      />
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="Fastest (days)"
          inputMode="numeric"
          registration={form.register('minDays')}
          error={errors.minDays?.message}
        />
        <TextField
          label="Slowest (days)"
          inputMode="numeric"
          registration={form.register('maxDays')}
          error={errors.maxDays?.message}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('carriesHazardous')} />
          Carries hazardous goods
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('active')} />
          Active (offered at checkout)
        </label>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={errors.root?.message ?? serverMessage} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? <Spinner size="sm" /> : null}
            {method ? 'Save method' : 'Add method'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}

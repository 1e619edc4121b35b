import { PRICE_BREAKS_MAX } from '@torque/contract';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';
import { RowListFooter } from './row-list-footer.tsx';

/** The product form's quantity breaks (PRODUCT.md "Quantity price breaks"), as typed. */
export interface PriceBreakValues {
  priceBreaks: { minQuantity: string; price: string }[];
}

interface PriceBreakFieldsProps {
  control: Control<PriceBreakValues>;
  register: UseFormRegister<PriceBreakValues>;
  errors: FieldErrors<PriceBreakValues>;
}

/**
 * The tiers above the part's own price: from how many units on, and the price per unit then; add,
 * change, remove. Each must start above and cost less than the tier before it (the schema's and
 * the server's rule, contract price-break-rules.ts), the error under the field.
 */
export function PriceBreakFields({ control, register, errors }: PriceBreakFieldsProps) {
  const rows = useFieldArray({ control, name: 'priceBreaks' });
  const listError = errors.priceBreaks?.message ?? errors.priceBreaks?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 text-lg font-semibold">Quantity price breaks</legend>
      <p className="text-sm text-base-content/80">
        {rows.fields.length === 0
          ? 'One price for any quantity. Add a break to sell larger quantities for less per unit.'
          : 'The price above applies from 1 unit; each break from its quantity on.'}
      </p>
      {rows.fields.map((field, index) => {
        const rowErrors = errors.priceBreaks?.[index];
        const n = index + 1;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Break {n}</legend>
            <TextField
              label="From quantity"
              inputMode="numeric"
              required
              autoComplete="off"
              registration={register(`priceBreaks.${index}.minQuantity`)}
              error={rowErrors?.minQuantity?.message}
            />
            <TextField
              label="Price per unit"
              inputMode="decimal"
              required
              autoComplete="off"
              registration={register(`priceBreaks.${index}.price`)}
              error={rowErrors?.price?.message}
            />
            <div className="sm:col-span-2">
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => rows.remove(index)}>
                Remove break {n}
              </button>
            </div>
          </fieldset>
        );
      })}
      <RowListFooter
        error={listError}
        addLabel="Add price break"
        canAdd={rows.fields.length < PRICE_BREAKS_MAX}
        onAdd={() => rows.append({ minQuantity: '', price: '' })}
      />
    </fieldset>
  );
}

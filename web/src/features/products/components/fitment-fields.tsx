import type { FitmentRowInput } from '@torque/contract';
import { FITMENT_ROWS_MAX } from '@torque/contract';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';
import { RowListFooter } from './row-list-footer.tsx';

/** The product form's fitment part, as typed (years are text until the contract converts them). */
export interface FitmentValues {
  universal: boolean;
  fitment: FitmentRowInput[];
}

export const emptyRow = (): FitmentRowInput => ({
  make: '',
  model: '',
  yearFrom: '',
  yearTo: '',
  engine: '',
  note: '',
});

interface FitmentFieldsProps {
  control: Control<FitmentValues>;
  register: UseFormRegister<FitmentValues>;
  errors: FieldErrors<FitmentValues>;
}

/** "Fits all vehicles", and the fitment rows: add, change, remove (PRODUCT.md §15). */
export function FitmentFields({ control, register, errors }: FitmentFieldsProps) {
  const rows = useFieldArray({ control, name: 'fitment' });
  const listError = errors.fitment?.message ?? errors.fitment?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 text-lg font-semibold">Fitment</legend>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" {...register('universal')} />
        Fits all vehicles (universal part)
      </label>
      {rows.fields.length === 0 ? <p className="text-sm text-base-content/80">No vehicles listed.</p> : null}
      {rows.fields.map((field, index) => {
        const rowErrors = errors.fitment?.[index];
        const n = index + 1;
        return (
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            <legend className="px-1 text-sm font-semibold">Vehicle {n}</legend>
            <TextField
              label="Make"
              required
              registration={register(`fitment.${index}.make`)}
              error={rowErrors?.make?.message}
            />
            <TextField
              label="Model"
              required
              registration={register(`fitment.${index}.model`)}
              error={rowErrors?.model?.message}
            />
            <TextField
              label="Year from"
              inputMode="numeric"
              required
              registration={register(`fitment.${index}.yearFrom`)}
              error={rowErrors?.yearFrom?.message}
            />
            <TextField
              label="Year to"
              inputMode="numeric"
              required
              registration={register(`fitment.${index}.yearTo`)}
              error={rowErrors?.yearTo?.message}
            />
            <TextField
              label="Engine"
              placeholder="Any engine"
              registration={register(`fitment.${index}.engine`)}
              error={rowErrors?.engine?.message}
            />
            <TextField
              label="Note"
              placeholder="e.g. with air conditioning only"
              registration={register(`fitment.${index}.note`)}
              error={rowErrors?.note?.message}
            />
            <div className="sm:col-span-2 lg:col-span-3">
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => rows.remove(index)}>
                Remove vehicle {n}
              </button>
            </div>
          </fieldset>
        );
      })}
      <RowListFooter
        error={listError}
        addLabel="Add vehicle"
        canAdd={rows.fields.length < FITMENT_ROWS_MAX}
        onAdd={() => rows.append(emptyRow())}
      />
    </fieldset>
  );
}

import { CROSS_REFERENCES_MAX, type CrossReferenceInput } from '@torque/contract';
import { useId } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';
import { RowListFooter } from './row-list-footer.tsx';

/** The product form's cross-reference part (PRODUCT.md §17). */
export interface CrossReferenceValues {
  crossReferences: CrossReferenceInput[];
}

export const emptyReference = (): CrossReferenceInput => ({ kind: 'oe', brand: '', number: '' });

const KINDS = [
  { value: 'oe', label: 'OE (vehicle maker)' },
  { value: 'competitor', label: 'Competitor' },
  { value: 'replaces', label: 'Replaces (our old number)' },
] as const;

interface CrossReferenceFieldsProps {
  control: Control<CrossReferenceValues>;
  register: UseFormRegister<CrossReferenceValues>;
  errors: FieldErrors<CrossReferenceValues>;
}

/** Other numbers of this part: kind, brand and number per row; add, change, remove. */
export function CrossReferenceFields({ control, register, errors }: CrossReferenceFieldsProps) {
  const rows = useFieldArray({ control, name: 'crossReferences' });
  const listError = errors.crossReferences?.message ?? errors.crossReferences?.root?.message;

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 text-lg font-semibold">Cross-references</legend>
      {rows.fields.length === 0 ? (
        <p className="text-sm text-base-content/80">No other numbers listed (OE, competitors&apos; or replaced).</p>
      ) : null}
      {rows.fields.map((field, index) => {
        const rowErrors = errors.crossReferences?.[index];
        const n = index + 1;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold">Reference {n}</legend>
            <KindSelect registration={register(`crossReferences.${index}.kind`)} error={rowErrors?.kind?.message} />
            <TextField
              label="Brand"
              required
              registration={register(`crossReferences.${index}.brand`)}
              error={rowErrors?.brand?.message}
            />
            <TextField
              label="Number"
              required
              autoComplete="off"
              registration={register(`crossReferences.${index}.number`)}
              error={rowErrors?.number?.message}
            />
            <div className="sm:col-span-3">
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => rows.remove(index)}>
                Remove reference {n}
              </button>
            </div>
          </fieldset>
        );
      })}
      <RowListFooter
        error={listError}
        addLabel="Add reference"
        canAdd={rows.fields.length < CROSS_REFERENCES_MAX}
        onAdd={() => rows.append(emptyReference())}
      />
    </fieldset>
  );
}

function KindSelect({
  registration,
  error,
}: {
  registration: ReturnType<UseFormRegister<CrossReferenceValues>>;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Kind
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      >
        {KINDS.map((kind) => (
          <option key={kind.value} value={kind.value}>
            {kind.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

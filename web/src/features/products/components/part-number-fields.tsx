import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';

export type PartNumberFieldName = 'partNumber' | 'brand' | 'replacedBy';

interface PartNumberFieldsProps {
  register: (name: PartNumberFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<PartNumberFieldName, { message?: string | undefined } | undefined>>;
}

/** The part's own number, its brand and its successor (PRODUCT.md §17), for Add Product and Edit. */
export function PartNumberFields({ register, errors }: PartNumberFieldsProps) {
  return (
    <>
      <TextField
        label="Part number"
        autoComplete="off"
        placeholder="Left empty: the next TP- number"
        registration={register('partNumber')}
        error={errors.partNumber?.message}
      />
      <TextField
        label="Brand"
        placeholder="Left empty: Torque Parts"
        registration={register('brand')}
        error={errors.brand?.message}
      />
      <TextField
        label="Replaced by"
        autoComplete="off"
        className="sm:col-span-2"
        placeholder="The successor's part number, when this part is no longer made"
        registration={register('replacedBy')}
        error={errors.replacedBy?.message}
      />
    </>
  );
}

import type { Control, FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { CrossReferenceFields, type CrossReferenceValues } from './cross-reference-fields.tsx';
import { FitmentFields, type FitmentValues } from './fitment-fields.tsx';
import { PriceBreakFields, type PriceBreakValues } from './price-break-fields.tsx';

/** The form values the lists own. */
export type ProductRowValues = PriceBreakValues & FitmentValues & CrossReferenceValues;

interface ProductRowListsProps<Values extends FieldValues> {
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

/**
 * The product form's lists of rows, the same in the add and the edit form: its quantity price
 * breaks, the vehicles it fits and its other numbers. Each list's fields are typed as their own part of the form's values.
 */
export function ProductRowLists<Values extends FieldValues>({
  control,
  register,
  errors,
}: ProductRowListsProps<Values>) {
  return (
    <>
      <PriceBreakFields
        control={control as unknown as Control<PriceBreakValues>}
        register={register as unknown as UseFormRegister<PriceBreakValues>}
        errors={errors as FieldErrors<PriceBreakValues>}
      />
      <FitmentFields
        control={control as unknown as Control<FitmentValues>}
        register={register as unknown as UseFormRegister<FitmentValues>}
        errors={errors as FieldErrors<FitmentValues>}
      />
      <CrossReferenceFields
        control={control as unknown as Control<CrossReferenceValues>}
        register={register as unknown as UseFormRegister<CrossReferenceValues>}
        errors={errors as FieldErrors<CrossReferenceValues>}
      />
    </>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';

export type ProductFieldName =
  'name' | 'des' | 'minimunOrder' | 'available' | 'price' | 'img' | 'weightGrams' | 'hazardous';

interface ProductFieldsProps {
  register: (name: ProductFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<ProductFieldName, { message?: string | undefined } | undefined>>;
  /** Add Product asks for the stock; Edit does not (stock moves only by Restock). */
  withStock: boolean;
}

/** PRODUCT.md §2's product fields and §20's weight and hazardous flag, shared by Add Product and Edit. */
export function ProductFields({ register, errors, withStock }: ProductFieldsProps) {
  return (
    <>
      <TextField
        label="Name"
        required
        className="sm:col-span-2"
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        label="Description"
        multiline
        rows={4}
        required
        className="sm:col-span-2"
        registration={register('des')}
        error={errors.des?.message}
      />
      <TextField
        label="Minimun Quantity"
        inputMode="numeric"
        required
        registration={register('minimunOrder')}
        error={errors.minimunOrder?.message}
      />
      {withStock ? (
        <TextField
          label="Available Quantity"
          inputMode="numeric"
          required
          registration={register('available')}
          error={errors.available?.message}
        />
      ) : null}
      <TextField
        label="Price"
        inputMode="decimal"
        required
        registration={register('price')}
        error={errors.price?.message}
      />
      <TextField
        label="Image Link"
        type="url"
        inputMode="url"
        required
        className={withStock ? undefined : 'sm:col-span-2'}
        placeholder="https://… or /images/parts/…"
        registration={register('img')}
        error={errors.img?.message}
      />
      <TextField
        label="Weight (g)"
        inputMode="numeric"
        required
        registration={register('weightGrams')}
        error={errors.weightGrams?.message}
      />
      <div className="flex flex-col justify-end gap-1 pb-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('hazardous')} />
          Hazardous goods (battery, aerosol…): only methods that carry them
        </label>
      </div>
    </>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field.tsx';

export type ProductFieldName = 'name' | 'des' | 'minimunOrder' | 'available' | 'price' | 'img';

interface ProductFieldsProps {
  register: (name: ProductFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<ProductFieldName, { message?: string | undefined } | undefined>>;
  /** Add Product asks for the stock; Edit does not (stock moves only by Restock). */
  withStock: boolean;
}

/** PRODUCT.md §2's product fields, shared by Add Product and Edit. */
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
    </>
  );
}

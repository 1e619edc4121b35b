import type { PartInput } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useCreatePart } from '../api/create-part.ts';
import { ProductFields } from './product-fields.tsx';
import { PartNumberFields } from './part-number-fields.tsx';
import { ProductRowLists, type ProductRowValues } from './product-row-lists.tsx';
import { addProductSchema } from '../utils/part-number-schema.ts';
import { showServerFieldErrors } from '@/components/form/server-field-errors.ts';

type ProductValues = Record<
  | 'name'
  | 'des'
  | 'minimunOrder'
  | 'available'
  | 'price'
  | 'img'
  | 'partNumber'
  | 'brand'
  | 'replacedBy'
  | 'weightGrams',
  string
> &
  ProductRowValues & { hazardous: boolean };

/** PRODUCT.md §3: the values go as typed (text); the contract checks and converts them on both sides. */
const empty = (): ProductValues => ({
  name: '',
  des: '',
  minimunOrder: '',
  available: '',
  price: '',
  img: '',
  partNumber: '',
  brand: '',
  replacedBy: '',
  weightGrams: '',
  hazardous: false,
  priceBreaks: [],
  universal: false,
  fitment: [],
  crossReferences: [],
});
const fieldNames = Object.keys(empty()) as (keyof PartInput)[];

/**
 * PRODUCT.md §2: Name, Description, Minimun Quantity, Available Quantity, Price, Image Link,
 * fitment; §17: part number, brand, successor and cross-references; Add.
 */
export function ProductForm() {
  const form = useZodForm(addProductSchema, { defaultValues: empty() });
  const create = useCreatePart();
  const { errors } = form.formState;
  const fieldErrors = isApiError(create.error) && create.error.fields !== undefined;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success('item added');
        form.reset(empty());
      },
      onError: (error) => showServerFieldErrors(error, fieldNames, form.setError),
    }),
  );

  return (
    <form noValidate className="grid max-w-3xl gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <ProductFields register={(name) => form.register(name)} errors={errors} withStock />
      <PartNumberFields register={(name) => form.register(name)} errors={errors} />
      <ProductRowLists control={form.control} register={form.register} errors={errors} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormError message={create.isError && !fieldErrors ? create.error.message : null} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? <Spinner size="sm" /> : null}
            Add
          </button>
        </div>
      </div>
    </form>
  );
}

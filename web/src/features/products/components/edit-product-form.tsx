import type { PartDetail } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useEditPart } from '../api/edit-part.ts';
import { ProductFields } from './product-fields.tsx';
import { PartNumberFields } from './part-number-fields.tsx';
import { ProductRowLists, type ProductRowValues } from './product-row-lists.tsx';
import { editProductSchema } from '../utils/part-number-schema.ts';
import { showServerFieldErrors } from '@/components/form/server-field-errors.ts';

/** What an edit changes: everything but stock, which moves only by Restock. */
type EditValues = Record<
  'name' | 'des' | 'minimunOrder' | 'img' | 'price' | 'partNumber' | 'brand' | 'replacedBy' | 'weightGrams',
  string
> &
  ProductRowValues & { hazardous: boolean };
const fieldNames = [
  'name',
  'des',
  'minimunOrder',
  'img',
  'price',
  'universal',
  'partNumber',
  'brand',
  'replacedBy',
  'weightGrams',
  'hazardous',
];

const valuesOf = (part: PartDetail): EditValues => ({
  name: part.name,
  des: part.des,
  minimunOrder: String(part.minimunOrder),
  img: part.img,
  price: String(part.price),
  partNumber: part.partNumber,
  brand: part.brand,
  replacedBy: part.replacedBy?.partNumber ?? '',
  // A defaulted weight was never given: the admin is asked for the real one.
  weightGrams: part.weightDefaulted ? '' : String(part.weightGrams),
  hazardous: part.hazardous,
  priceBreaks: part.priceBreaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(b.price) })),
  crossReferences: part.crossReferences.map(({ kind, brand, number }) => ({ kind, brand, number })),
  universal: part.universal,
  fitment: part.fitment.map((row) => ({
    ...row,
    yearFrom: String(row.yearFrom),
    yearTo: String(row.yearTo),
    engine: row.engine ?? '',
    note: row.note ?? '',
  })),
});

interface EditProductFormProps {
  part: PartDetail;
  etag: string;
  /** Reload the product after another admin changed it (412). */
  onReload: () => void;
}

/** The product's form, filled in; Save sends it with the version it was opened at. */
export function EditProductForm({ part, etag, onReload }: EditProductFormProps) {
  const form = useZodForm(editProductSchema, { defaultValues: valuesOf(part) });
  const edit = useEditPart(part._id);
  const { errors } = form.formState;
  const stale = isApiError(edit.error) && edit.error.status === 412;
  const fieldErrors = isApiError(edit.error) && edit.error.fields !== undefined;

  const onSubmit = form.handleSubmit((changes) =>
    edit.mutate(
      { etag, changes },
      {
        onSuccess: (saved) => {
          toast.success('item updated');
          form.reset(valuesOf(saved.part));
        },
        onError: (error) => showServerFieldErrors(error, fieldNames, form.setError),
      },
    ),
  );

  return (
    <form noValidate aria-label="Edit product" className="grid max-w-3xl gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <ProductFields
        register={(name) => form.register(name as Exclude<typeof name, 'available'>)}
        errors={errors}
        withStock={false}
      />
      <PartNumberFields register={(name) => form.register(name)} errors={errors} />
      <ProductRowLists control={form.control} register={form.register} errors={errors} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        {stale ? (
          <div role="alert" className="alert alert-warning flex flex-wrap">
            <span>
              This product was changed by someone else since you opened it. Reload it to see their changes; your edits
              here will be replaced.
            </span>
            <button type="button" className="btn btn-sm" onClick={onReload}>
              Reload product
            </button>
          </div>
        ) : (
          <FormError message={edit.isError && !fieldErrors ? edit.error.message : null} />
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={edit.isPending}>
            {edit.isPending ? <Spinner size="sm" /> : null}
            Save
          </button>
        </div>
      </div>
    </form>
  );
}

import { partInput, type PartInput } from '@torque/contract';
import { toast } from 'react-toastify';
import { FormError } from '@/components/form/form-error.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useCreatePart } from '../api/create-part.ts';
import { ProductFields } from './product-fields.tsx';

/** PRODUCT.md §3: the values go as typed (text); the contract checks and converts them on both sides. */
const empty: Record<keyof PartInput, string> = {
  name: '',
  des: '',
  minimunOrder: '',
  available: '',
  price: '',
  img: '',
};
const fieldNames = Object.keys(empty) as (keyof PartInput)[];

/** PRODUCT.md §2: Name, Description, Minimun Quantity, Available Quantity, Price, Image Link; Add. */
export function ProductForm() {
  const form = useZodForm(partInput, { defaultValues: empty });
  const create = useCreatePart();
  const { errors } = form.formState;
  const fieldErrors = isApiError(create.error) && create.error.fields !== undefined;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success('item added');
        form.reset(empty);
      },
      onError: (error) => {
        // The server's per-field messages go under their fields.
        if (!isApiError(error) || !error.fields) return;
        for (const name of fieldNames) {
          const message = error.fields[name];
          if (message) form.setError(name, { type: 'server', message });
        }
      },
    }),
  );

  return (
    <form noValidate className="grid max-w-3xl gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <ProductFields register={(name) => form.register(name)} errors={errors} withStock />
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

import { stockMove, type Part } from '@torque/contract';
import { toast } from '@/lib/toast.ts';
import { z } from 'zod';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatCount } from '@/lib/format.ts';
import { useRestockPart } from '../api/restock-part.ts';

/** The quantity as typed: a whole number, not 0; negative writes units off. */
const restockSchema = z.object({
  add: z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'Quantity must be a whole number')
    .transform(Number)
    .pipe(stockMove.shape.add.refine((n) => n !== 0, 'Quantity must not be 0')),
});

/** Restock: adds units to what is there now (a negative quantity writes units off). */
export function RestockForm({ part }: { part: Part }) {
  const form = useZodForm(restockSchema, { defaultValues: { add: '' } });
  const restock = useRestockPart(part._id);
  const onSubmit = form.handleSubmit(({ add }) =>
    restock.mutate(add, {
      onSuccess: (updated) => {
        toast.success(`stock updated: ${formatCount(updated.available)} available`);
        form.reset({ add: '' });
      },
    }),
  );
  return (
    <form noValidate aria-label="Restock" className="flex max-w-3xl flex-col gap-2" onSubmit={onSubmit}>
      <p>
        In stock: <strong data-testid="stock-level">{formatCount(part.available)}</strong>
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label="Quantity to add (negative to write off)"
          inputMode="numeric"
          required
          registration={form.register('add')}
          error={form.formState.errors.add?.message}
        />
        <button type="submit" className="btn btn-secondary mt-7" disabled={restock.isPending}>
          {restock.isPending ? <Spinner size="sm" /> : null}
          Restock
        </button>
      </div>
      <FormError message={restock.isError ? restock.error.message : null} />
    </form>
  );
}

import type { orderInput, Order, Part } from '@torque/contract';
import { orderMessages } from '@torque/contract/quantity-rule';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FormError } from '@/components/form/form-error.tsx';
import { AddToCartButton } from '@/components/parts/add-to-cart-button.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAddToCart } from '@/lib/cart/use-cart.ts';
import { formatMoney } from '@/lib/format.ts';
import { buyerPriced, previewUnitPrice } from '@/lib/price-tiers.ts';
import { isApiError } from '@/lib/http.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { isStockOut, quantityProblem } from '../utils/quantity-rules.ts';
import { PriceTiers } from './price-tiers.tsx';

/**
 * The contract's `orderInput` without the part (the page's; email and price are the server's to
 * decide), fetched on the form's first focus (useLazyZodForm): the schemas chunk, zod with the
 * contract, was the purchase page's largest download and evaluation before its first paint (issue 31).
 */
const loadOrderForm = () =>
  import('@torque/contract').then((contract) => contract.orderInput.omit({ partId: true }) as OrderFormSchema);
type OrderFormSchema = ReturnType<typeof orderInput.omit<{ partId: true }>>;
const fieldNames = ['quantity', 'phone', 'address'] as const;

interface OrderFormProps {
  part: Part;
  email: string;
  onOrdered: (order: Order) => void;
}

/**
 * PRODUCT.md §2/§5: email fixed to the account's, quantity starting at the minimum order, phone,
 * address and Order. The quantity rules are checked as the user types and keep Order (and "Add
 * to cart", which puts that quantity in the cart instead) disabled; with no stock, 'Stock out' and
 * a disabled Order.
 */
export function OrderForm({ part, email, onOrdered }: OrderFormProps) {
  const emailId = useId();
  const { form, preload } = useLazyZodForm(loadOrderForm, {
    mode: 'onTouched',
    defaultValues: { quantity: String(part.minimunOrder), phone: '', address: '' },
  });
  const create = useCreateOrder();
  const addToCart = useAddToCart();
  const { errors } = form.formState;
  const quantityText = String(useWatch({ control: form.control, name: 'quantity' }) ?? '');
  const stockOut = isStockOut(part);
  const problem = stockOut ? null : quantityProblem(quantityText, part);
  // The tier the quantity reaches (PRODUCT.md "Quantity price breaks"), previewed by the pricing
  // function; the order is priced by the server.
  const unit = problem === null && !stockOut ? previewUnitPrice(buyerPriced(part), Number(quantityText)) : null;
  const total = unit ? (unit.unitCents * Number(quantityText)) / 100 : null;

  const onSubmit = form.handleSubmit((values) => {
    if (stockOut || quantityProblem(String(values.quantity), part)) return;
    create.mutate(
      { ...values, partId: part._id },
      {
        onSuccess: (order) => {
          toast.success('Order Successful');
          onOrdered(order);
        },
        onError: (error) => {
          if (!isApiError(error) || !error.fields) return;
          for (const name of fieldNames) {
            const message = error.fields[name];
            if (message) form.setError(name, { type: 'server', message });
          }
        },
      },
    );
  });

  const serverMessage =
    create.isError && !(isApiError(create.error) && create.error.fields) ? create.error.message : null;

  return (
    <form noValidate className="flex flex-col gap-4" onFocus={preload} onSubmit={onSubmit}>
      <div className="flex flex-col gap-1">
        <label htmlFor={emailId} className="text-sm font-medium">
          Email
        </label>
        <input
          id={emailId}
          type="email"
          className="input w-full bg-base-200 text-base-content/80"
          value={email}
          readOnly
        />
      </div>
      <TextField
        label="Quantity"
        inputMode="numeric"
        autoComplete="off"
        disabled={stockOut}
        registration={form.register('quantity')}
        error={problem ?? errors.quantity?.message}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        registration={form.register('phone')}
        error={errors.phone?.message}
      />
      <TextField
        label="Address"
        multiline
        rows={3}
        registration={form.register('address')}
        error={errors.address?.message}
      />
      {stockOut ? (
        <p role="alert" className="font-semibold text-red-700">
          {orderMessages.stockOut}
        </p>
      ) : null}
      <PriceTiers part={buyerPriced(part)} reached={unit?.tierMinQuantity ?? null} />
      {unit && total !== null ? (
        <p className="text-sm" aria-live="polite">
          {buyerPriced(part).priceBreaks.length > 0 ? (
            <>
              {formatMoney(unit.unitCents / 100)} / unit × {Number(quantityText).toLocaleString('en-US')} ={' '}
            </>
          ) : null}
          Total: <span className="font-semibold">{formatMoney(total)}</span>{' '}
          <span className="text-xs text-base-content/80">excl. tax</span>
        </p>
      ) : null}
      <FormError message={serverMessage} />
      <button type="submit" className="btn btn-primary" disabled={stockOut || problem !== null || create.isPending}>
        {create.isPending ? <Spinner size="sm" /> : null}
        Order
      </button>
      <AddToCartButton
        cart={addToCart}
        partId={part._id}
        name={part.name}
        quantity={Number(quantityText)}
        disabled={stockOut || problem !== null}
      />
    </form>
  );
}

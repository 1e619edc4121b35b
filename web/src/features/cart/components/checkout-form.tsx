import type { checkoutInput, Order } from '@torque/contract';
import { useEffect } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useLazyZodForm } from '@/components/form/use-lazy-zod-form.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useBuyerProfile } from '../api/get-buyer-profile.ts';
import { useCheckoutCart } from '../api/checkout-cart.ts';

const fieldNames = ['phone', 'address'] as const;

/**
 * The contract's `checkoutInput`, fetched when the form is first focused or submitted
 * (useLazyZodForm): zod and the schemas are not needed to paint the cart (issue 31).
 */
const loadCheckoutInput = () =>
  import('@torque/contract').then((contract): typeof checkoutInput => contract.checkoutInput);

interface CheckoutFormProps {
  /** The cart can be checked out as it is (the server's `ready`) and no edit is on its way. */
  ready: boolean;
  /** Why it cannot be, when it cannot (shown under the button). */
  hint: string | null;
  onPlaced: (order: Order) => void;
  /** A 409: each refused line's message by part id (empty when checkout went through or failed otherwise). */
  onRefused: (lines: Map<string, string>) => void;
}

/** Phone and address (the profile's, when it has them) and "Check out": the cart becomes one order. */
export function CheckoutForm({ ready, hint, onPlaced, onRefused }: CheckoutFormProps) {
  const { form, preload } = useLazyZodForm(loadCheckoutInput, {
    mode: 'onTouched',
    defaultValues: { phone: '', address: '' },
  });
  const profile = useBuyerProfile();
  const checkout = useCheckoutCart();
  const { errors } = form.formState;

  // Prefill once the profile arrives, never over what the buyer already typed.
  useEffect(() => {
    if (!profile.data) return;
    for (const name of fieldNames) {
      const saved = profile.data[name];
      if (saved && !form.getValues(name)) form.setValue(name, saved);
    }
  }, [profile.data, form]);

  const onSubmit = form.handleSubmit((values) => {
    onRefused(new Map());
    checkout.mutate(values, {
      onSuccess: onPlaced,
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const name of fieldNames) {
          const message = error.fields?.[name];
          if (message) form.setError(name, { type: 'server', message });
        }
        onRefused(refusedLines(error.body));
      },
    });
  });

  const serverMessage =
    checkout.isError && !(isApiError(checkout.error) && checkout.error.fields) ? checkout.error.message : null;

  return (
    <form noValidate className="flex flex-col gap-3" onFocus={preload} onSubmit={onSubmit}>
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
      <FormError message={serverMessage} />
      <button type="submit" className="btn btn-primary" disabled={!ready || checkout.isPending}>
        {checkout.isPending ? <Spinner size="sm" /> : null}
        Check out
      </button>
      {hint ? <p className="text-sm text-base-content/80">{hint}</p> : null}
    </form>
  );
}

/** The 409's `lines` (cart.ts `checkoutRefusal`): part id → message. */
function refusedLines(body: unknown): Map<string, string> {
  const lines = (body as { lines?: unknown } | undefined)?.lines;
  const out = new Map<string, string>();
  if (!Array.isArray(lines)) return out;
  for (const line of lines as Array<{ partId?: unknown; message?: unknown }>) {
    if (typeof line.partId === 'string' && typeof line.message === 'string') out.set(line.partId, line.message);
  }
  return out;
}

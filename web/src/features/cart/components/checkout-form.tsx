import type { CheckoutInput, Order } from '@torque/contract';
import { PO_NUMBER_MAX } from '@torque/contract/account-rules';
import { memo, useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormError } from '@/components/form/form-error.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/http.ts';
import { useBuyerProfile } from '../api/get-buyer-profile.ts';
import { useCheckoutCart } from '../api/checkout-cart.ts';
import { useCompanyCredit } from '../api/get-company-credit.ts';
import { formatMoney } from '@/lib/format.ts';

interface CheckoutFormProps {
  /** The cart can be checked out as it is (the server's `ready`) and no edit is on its way. */
  ready: boolean;
  /** Why it cannot be, when it cannot (shown under the button). */
  hint: string | null;
  /** The book entry the order ships to, and the method chosen (null: none needed, no method is active). */
  addressId: string | null;
  shippingMethodId: string | null;
  /** The address has no phone of its own: the form asks for one (the profile's, prefilled). */
  needsPhone: boolean;
  onPlaced: (order: Order) => void;
  /** A 409: each refused line's message by part id (empty when checkout went through or failed otherwise). */
  onRefused: (lines: Map<string, string>) => void;
}

/**
 * "Check out" (PRODUCT.md §19, §20): the chosen address and shipping method, and a phone when the
 * address has none. The server checks and prices everything again; its field messages show at the
 * phone, its refusals (a line, a shipping method that can no longer carry the cart) above the button.
 * Memoised: the cart renders again as each of its queries answers (addresses, shipping, tax), and
 * the form (react-hook-form and its fields) was the largest part of each of those renders (issue 31).
 */
export const CheckoutForm = memo(function CheckoutForm({
  ready,
  hint,
  addressId,
  shippingMethodId,
  needsPhone,
  onPlaced,
  onRefused,
}: CheckoutFormProps) {
  const form = useForm<{ phone: string; paymentMethod: 'card' | 'account'; poNumber: string }>({
    defaultValues: { phone: '', paymentMethod: 'card', poNumber: '' },
  });
  const profile = useBuyerProfile();
  // Issue 30: "Pay on account" only for a buyer whose company has terms (PRODUCT.md §26), which
  // the profile names; the credit is asked for only then.
  const credit = useCompanyCredit(!!profile.data?.company?.terms).data ?? null;
  const onAccount = useWatch({ control: form.control, name: 'paymentMethod' }) === 'account' && credit !== null;
  const checkout = useCheckoutCart();
  const { errors } = form.formState;

  // Prefill once the profile arrives, never over what the buyer already typed.
  useEffect(() => {
    const saved = profile.data?.phone;
    if (saved && !form.getValues('phone')) form.setValue('phone', saved);
  }, [profile.data, form]);

  const onSubmit = form.handleSubmit(({ phone, paymentMethod, poNumber }) => {
    if (!addressId) return;
    onRefused(new Map());
    const input: CheckoutInput = { addressId };
    if (credit && paymentMethod === 'account') {
      input.paymentMethod = 'account';
      if (poNumber.trim()) input.poNumber = poNumber.trim();
    }
    if (shippingMethodId) input.shippingMethodId = shippingMethodId;
    if (needsPhone && phone.trim()) input.phone = phone.trim();
    // The promise, not mutate's callbacks: the placed order empties the cart, which unmounts this
    // form (the summary goes with the last line) before mutate's onSuccess would run.
    return checkout.mutateAsync(input).then(onPlaced, (error: unknown) => {
      if (!isApiError(error)) return;
      const message = error.fields?.phone;
      if (message) form.setError('phone', { type: 'server', message });
      const po = error.fields?.poNumber;
      if (po) form.setError('poNumber', { type: 'server', message: po });
      onRefused(refusedLines(error.body));
    });
  });

  const fieldError = isApiError(checkout.error) ? checkout.error.fields : undefined;
  const serverMessage = checkout.isError
    ? fieldError
      ? (fieldError.addressId ?? fieldError.shippingMethodId ?? null)
      : checkout.error.message
    : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        // The server's message of the last try is no rule of the form's: cleared, or it would block this one.
        form.clearErrors();
        void onSubmit(event);
      }}
    >
      {needsPhone ? (
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          registration={form.register('phone')}
          error={errors.phone?.message}
        />
      ) : null}
      {credit ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Payment</legend>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" className="radio radio-sm" value="card" {...form.register('paymentMethod')} />
            Card
          </label>
          <label className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="radio" className="radio radio-sm mt-0.5" value="account" {...form.register('paymentMethod')} />
            <span className="whitespace-normal">
              Pay on account
              <span className="block text-sm text-base-content/80">
                Net {credit.netDays} · {formatMoney(credit.available)} of {formatMoney(credit.creditLimit)} credit
                available
              </span>
            </span>
          </label>
        </fieldset>
      ) : null}
      {onAccount ? (
        <TextField
          label="PO number (optional)"
          maxLength={PO_NUMBER_MAX}
          registration={form.register('poNumber', {
            maxLength: { value: PO_NUMBER_MAX, message: `PO number must be at most ${PO_NUMBER_MAX} characters` },
          })}
          error={errors.poNumber?.message}
        />
      ) : null}
      <FormError message={serverMessage} />
      <button type="submit" className="btn btn-primary" disabled={!ready || !addressId || checkout.isPending}>
        {checkout.isPending ? <Spinner size="sm" /> : null}
        {onAccount ? 'Place order on account' : 'Check out'}
      </button>
      {hint ? <p className="text-sm text-base-content/80">{hint}</p> : null}
    </form>
  );
});

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

import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
// The `pure` entry adds Stripe's script only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { CardFormProps } from './card-form-props.ts';
import { PayButton } from './pay-button.tsx';

/** One Stripe.js per publishable key for the life of the page (Stripe asks for exactly that). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
    // A failed script load may succeed on a later visit.
    promise.catch(() => loaded.delete(publishableKey));
  }
  return promise;
}

const cardStyle = {
  style: {
    base: {
      fontSize: '16px',
      color: '#0f172a',
      fontFamily: 'system-ui, sans-serif',
      '::placeholder': { color: '#64748b' },
    },
    invalid: { color: '#b91c1c' },
  },
} as const;

function CardFields({ billingEmail, paying, disabled, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    onPay(async (clientSecret) => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { email: billingEmail } },
      });
      if (result.error) throw new Error(result.error.message ?? 'Your card could not be charged.');
      return { paymentId: result.paymentIntent.id };
    });
  }

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit} aria-label="Card details">
      <div className="rounded-field border border-base-300 bg-base-100 px-3 py-3">
        <CardElement
          options={{ ...cardStyle, disabled }}
          onChange={(event: StripeCardElementChangeEvent) => setCardError(event.error?.message ?? null)}
        />
      </div>
      <FormError message={cardError} />
      <PayButton paying={paying} disabled={disabled || !stripe} />
    </form>
  );
}

/**
 * Stripe Elements' card field. This module (and Stripe.js, fetched from js.stripe.com) loads
 * only when the checkout uses the Stripe provider.
 */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);

  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (instance) => current && setStripe(instance ?? 'failed'),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (stripe === 'failed') {
    return (
      <FormError message="The card form could not be loaded from Stripe. Check your connection and reload the page." />
    );
  }
  if (!stripe) return <Spinner label="Loading the card form" />;
  return (
    <Elements stripe={stripe}>
      <CardFields {...props} />
    </Elements>
  );
}

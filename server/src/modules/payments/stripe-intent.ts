import type Stripe from 'stripe';
import type { ProviderIntent } from './payment-provider.ts';

/**
 * Stripe's PaymentIntent in our terms. Apart from stripe-provider.ts so the webhook route can
 * use it without loading the SDK (~1 MB of code) in a sandbox deployment.
 */
export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: intent.metadata?.orderId ?? null,
  };
}

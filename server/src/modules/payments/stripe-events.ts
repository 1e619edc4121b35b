import type Stripe from 'stripe';
import type { PaymentEvent } from './payment-provider.ts';
import { toProviderIntent } from './stripe-intent.ts';

/**
 * A verified Stripe event in the store's terms, dispatched through a map (medusa's
 * stripe-base.ts does the same). Signed events that are not ours to act on, another type or an
 * object not shaped like one of our intents (another integration on the same account), are
 * acknowledged as ignored, so Stripe does not retry them.
 */
const handlers: Partial<Record<Stripe.Event.Type, (intent: Stripe.PaymentIntent) => PaymentEvent>> = {
  'payment_intent.succeeded': (intent) => ({ type: 'payment.succeeded', intent: toProviderIntent(intent) }),
  'payment_intent.payment_failed': (intent) => ({
    type: 'payment.failed',
    intentId: intent.id,
    orderId: intent.metadata?.orderId ?? null,
    code: intent.last_payment_error?.code ?? null,
  }),
};

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
  if (!object || typeof object !== 'object' || typeof (object as { id?: unknown }).id !== 'string') {
    return { type: 'ignored' };
  }
  const handle = handlers[event.type];
  return handle ? handle(object as Stripe.PaymentIntent) : { type: 'ignored' };
}

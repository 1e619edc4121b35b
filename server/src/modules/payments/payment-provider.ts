/**
 * What the store needs from a card processor. Two implementations follow Stripe's
 * PaymentIntent life cycle: the built-in sandbox (default, test cards only) and Stripe itself.
 */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  status: string;
  /** The order this intent pays for, from the intent's own metadata. */
  orderId: string | null;
}

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  currency: string;
  email: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates an intent; creating twice for the same order and amount returns the same intent. */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The provider's current view of an intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
}

export const CURRENCY = 'usd';

/** An intent pays for an order only when the provider says so for that order, amount and currency. */
export function intentPaysFor(intent: ProviderIntent, order: { id: string; totalCents: number }): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.orderId === order.id &&
    intent.amount === order.totalCents &&
    intent.currency === CURRENCY
  );
}

import type { SandboxCard } from './sandbox-cards.ts';

/**
 * What the store needs from a card processor, over a payment's whole life cycle. Two
 * implementations follow Stripe's PaymentIntent model: the built-in sandbox (default, test cards
 * only) and Stripe itself. Nothing outside this folder knows which one is configured.
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

export interface ProviderRefund {
  id: string;
  status: string;
  amount: number;
}

/** A provider's webhook event in the store's terms. */
export type PaymentEvent =
  | { type: 'payment.succeeded'; intent: ProviderIntent }
  | { type: 'payment.failed'; intentId: string; orderId: string | null; code: string | null }
  /** Signed and genuine, but nothing the store acts on (another event type, another integration). */
  | { type: 'ignored' };

/** A card charged by the store's own checkout form (the sandbox); Stripe's cards go through Stripe.js. */
export type CardConfirmation =
  | { kind: 'succeeded'; intent: ProviderIntent }
  | { kind: 'declined'; code: string; message: string }
  | { kind: 'not-found' };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates an intent; creating twice for the same order and amount returns the same intent. */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The provider's current view of an intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that has not succeeded, so it can no longer be charged; null when unknown. */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /** Gives back `amountCents` of a succeeded intent; repeating it for one intent refunds once. */
  refund(intentId: string, amountCents: number): Promise<ProviderRefund>;
  /**
   * Turns a webhook delivery into an event, or throws WebhookSignatureError when it is not
   * signed by the provider. A provider without webhooks returns null.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
  /** The intent a client secret belongs to (the secret is what the browser holds). */
  intentByClientSecret(clientSecret: string): Promise<ProviderIntent | null>;
  /**
   * Charges a card against an intent from the store's own form, as Stripe.js's confirmCardPayment
   * does; providers whose cards never touch our server (Stripe) have no such call.
   */
  confirmCard?(clientSecret: string, card: SandboxCard): Promise<CardConfirmation>;
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

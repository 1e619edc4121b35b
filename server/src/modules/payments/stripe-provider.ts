import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { WebhookSignatureError, type CreateIntentInput, type PaymentProvider } from './payment-provider.ts';
import { toPaymentEvent } from './stripe-events.ts';
import { toProviderIntent } from './stripe-intent.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local server that answers like Stripe's, in tests). */
  apiUrl?: string | undefined;
}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000 };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
  };
}

/** Stripe being unreachable or refusing our request is our problem, told plainly, never a 500. */
function providerFailure(error: unknown): AppError {
  return new AppError(
    502,
    'PAYMENT_PROVIDER_ERROR',
    'The payment provider could not be reached. Please try again in a moment.',
    undefined,
    { cause: error },
  );
}

/** Card payments through Stripe's PaymentIntents, with the official SDK. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, clientOptions(options.apiUrl));
  return {
    name: 'stripe',

    async createIntent(input: CreateIntentInput) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amountCents,
            currency: input.currency,
            allowed_payment_method_types: ['card'],
            receipt_email: input.email,
            metadata: { orderId: input.orderId },
          },
          // The same order and amount always maps to one intent, however often the page is reloaded.
          { idempotencyKey: `order-${input.orderId}-${input.amountCents}` },
        )
        .catch((error: unknown) => Promise.reject(providerFailure(error)));
      return toProviderIntent(intent);
    },

    async retrieveIntent(id: string) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw providerFailure(error);
      }
    },

    async cancelIntent(id: string) {
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Already succeeded or cancelled: Stripe refuses, and its current view is the answer.
          if (error.code === 'payment_intent_unexpected_state') return this.retrieveIntent(id);
          if (error.code === 'resource_missing') return null;
        }
        throw providerFailure(error);
      }
    },

    async refund(intentId: string, amountCents: number) {
      const refund = await stripe.refunds
        .create(
          { payment_intent: intentId, amount: amountCents },
          // One refund per intent, however often a sweep or a replayed event asks for it.
          { idempotencyKey: `refund-${intentId}` },
        )
        .catch((error: unknown) => Promise.reject(providerFailure(error)));
      return { id: refund.id, status: refund.status ?? 'pending', amount: refund.amount };
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!signature) throw new WebhookSignatureError('A signed Stripe event is required');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new WebhookSignatureError('The Stripe signature does not match this event');
      }
      return toPaymentEvent(event);
    },

    async intentByClientSecret(clientSecret: string) {
      // A client secret is `<intent id>_secret_<…>`; the intent itself is the authority.
      const intent = await this.retrieveIntent(clientSecret.split('_secret_')[0] ?? '');
      return intent?.clientSecret === clientSecret ? intent : null;
    },
  };
}

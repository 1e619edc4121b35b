import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import type { CreateIntentInput, PaymentProvider } from './payment-provider.ts';
import { toProviderIntent } from './stripe-intent.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local server that answers like Stripe's, in tests). */
  apiUrl?: string | undefined;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the signature over the exact bytes Stripe sent; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
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
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
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

    verifyWebhook(rawBody: Buffer, signature: string) {
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}

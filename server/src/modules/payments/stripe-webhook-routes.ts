import { errorBody } from '@torque/contract';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toProviderIntent } from './stripe-intent.ts';

/**
 * Stripe's webhook. Stripe signs the exact bytes it sends, so this scope keeps JSON bodies as
 * raw buffers; the signature is the only credential. Stripe retries anything but a 2xx, and
 * marking paid is idempotent, so a replayed event changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/webhooks/stripe',
    {
      config: { access: 'webhook' },
      schema: {
        tags: ['payments'],
        summary: "Stripe's events (signed); payment_intent.succeeded marks its order paid",
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { stripe, payments } = app.commerce;
      if (!stripe)
        throw notFound('Stripe webhooks are not enabled here (PAYMENT_PROVIDER is not stripe), so this endpoint');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest('A signed Stripe event is required');
      let event: Stripe.Event;
      try {
        event = stripe.verifyWebhook(request.body, signature);
      } catch {
        throw badRequest('The Stripe signature does not match this event');
      }
      // Signed, but possibly from another integration on the same account: anything not shaped
      // like one of our intents is acknowledged and left alone, so Stripe does not retry it.
      const object: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
      if (!object || typeof object !== 'object' || typeof (object as { id?: unknown }).id !== 'string')
        return { received: true as const };
      if (event.type === 'payment_intent.succeeded') {
        await payments.intentSucceeded(toProviderIntent(event.data.object));
      } else if (event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        request.log.info(
          { intentId: intent.id, orderId: intent.metadata?.orderId, code: intent.last_payment_error?.code },
          'card payment failed',
        );
      }
      return { received: true as const };
    },
  );
};

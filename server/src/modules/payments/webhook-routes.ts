import { errorBody } from '@torque/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { WebhookSignatureError } from './payment-provider.ts';

/**
 * The payment provider's webhook. Providers sign the exact bytes they send, so this scope keeps
 * JSON bodies as raw buffers; the signature is the only credential. Providers retry anything but
 * a 2xx, and recording a payment is idempotent, so a replayed event changes nothing.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
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
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        await app.payments.receiveWebhook('stripe', rawBody, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest(error.message);
        throw error;
      }
      return { received: true as const };
    },
  );
};

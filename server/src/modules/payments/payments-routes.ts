import {
  errorBody,
  order,
  orderIdParams,
  orderPayInput,
  paymentIntent,
  paymentIntentInput,
  paymentRecord,
  paymentRecordInput,
  sandboxConfirmInput,
  sandboxConfirmResult,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { callerOf } from '../../plugins/access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const bearer = [{ bearer: [] }];

/**
 * Card payments: intents, the sandbox's card confirmation, marking an order paid and the payment
 * record of PRODUCT.md §3. Each route parses, authorizes and calls the payments service once;
 * each is rate-limited per customer (rateLimits.payments).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;

  app.post(
    '/api/create-payment-intent',
    {
      config: { access: 'user', rateLimit: app.rateLimits.payments },
      schema: {
        tags: ['payments'],
        summary: "Start paying for one of the caller's unpaid orders",
        description:
          'The amount is the order total in cents; a original-client `price` is only compared with it. The same open intent is returned on every call.',
        security: bearer,
        body: paymentIntentInput,
        response: { 200: paymentIntent, ...errors, 502: errorBody },
      },
    },
    async (request) => payments.intentFor(callerOf(request), request.body.orderId, request.body.price),
  );

  app.post(
    '/api/payments/sandbox/confirm',
    {
      config: { access: 'user', rateLimit: app.rateLimits.payments },
      schema: {
        tags: ['payments'],
        summary: 'Charge a test card against an intent and record the payment (sandbox provider only)',
        description:
          "What Stripe.js's confirmCardPayment does with Stripe. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.",
        security: bearer,
        body: sandboxConfirmInput,
        response: { 200: sandboxConfirmResult, ...errors, 402: errorBody },
      },
    },
    async (request) => {
      const paid = await payments.payWithCard(callerOf(request), request.body);
      return { id: paid.id, status: 'succeeded' as const, order: paid.order };
    },
  );

  app.put(
    '/api/order/:id',
    {
      config: { access: 'user', rateLimit: app.rateLimits.payments },
      schema: {
        tags: ['orders', 'payments'],
        summary: 'Mark an order paid, once the payment provider confirms the payment',
        security: bearer,
        params: orderIdParams,
        body: orderPayInput,
        response: { 200: order, ...errors },
      },
    },
    async (request) => payments.confirmPaid(callerOf(request), request.params.id, request.body.paymentId),
  );

  app.post(
    '/api/payment',
    {
      config: { access: 'user', rateLimit: app.rateLimits.payments },
      schema: {
        tags: ['payments'],
        summary: 'The payment record of a paid order (PRODUCT.md §3); a replay returns the same record',
        description:
          'original-client fields price, quantity, email and name are ignored: the record is written from the paid order.',
        security: bearer,
        body: paymentRecordInput,
        response: { 200: paymentRecord, 201: paymentRecord, ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await payments.record(callerOf(request), request.body.paymentId);
      return reply.status(created ? 201 : 200).send(record);
    },
  );

  app.post(
    '/api/order/:id/refund',
    {
      config: { access: 'admin', rateLimit: app.rateLimits.payments },
      schema: {
        tags: ['payments'],
        summary: 'Refund a paid, unshipped order in full (admin): through the provider, its units back, a credit note',
        description:
          'Idempotent: a repeated call (or a concurrent one) refunds once and answers the same order. 409 for an ' +
          'unpaid, shipped or never-paid (late payment refunded) order; 502 when the provider did not confirm ' +
          '(the order is refunded and its credit note issued: repeat the call to retry).',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors, 502: errorBody },
      },
    },
    async (request, reply) => sendJsonText(reply, await payments.refundOrder(request.params.id)),
  );
};

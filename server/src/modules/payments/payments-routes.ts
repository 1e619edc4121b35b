import {
  errorBody,
  paymentIntent,
  paymentIntentInput,
  paymentRecord,
  paymentRecordInput,
  sandboxConfirmInput,
  sandboxConfirmResult,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { assertOrderOwner } from './payments-service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const bearer = [{ bearer: [] }];

/** Card payments: intents, the sandbox's confirm call, and the payment record of PRODUCT.md §3. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, payments, sandbox } = app.commerce;

  app.post(
    '/api/create-payment-intent',
    {
      config: { access: 'user' },
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
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Charge a test card against an intent (sandbox provider only)',
        description:
          "What Stripe.js's confirmCardPayment does with Stripe. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.",
        security: bearer,
        body: sandboxConfirmInput,
        response: { 200: sandboxConfirmResult, ...errors, 402: errorBody },
      },
    },
    async (request) => {
      if (!sandbox) throw notFound('The sandbox payment provider is not enabled here, so its confirm call');
      const intent = await sandbox.byClientSecret(request.body.clientSecret);
      const order = intent?.orderId ? await orders.get(intent.orderId) : undefined;
      if (!intent || !order) throw notFound('Payment');
      assertOrderOwner(callerOf(request), order);
      if (order.paidAt && order.paymentId !== intent.id) throw conflict('This order is already paid', 'ORDER_PAID');
      const result = await sandbox.confirm(request.body.clientSecret, request.body.card);
      if (result.kind === 'not-found') throw notFound('Payment');
      if (result.kind === 'declined') throw new AppError(402, result.code, result.message);
      await payments.intentSucceeded(result.intent);
      return { id: result.intent.id, status: 'succeeded' as const };
    },
  );

  app.post(
    '/api/payment',
    {
      config: { access: 'user' },
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
};

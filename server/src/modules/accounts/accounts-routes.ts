import { companyCredit, errorBody, order, orderIdParams, recordPaymentInput } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];

/** Pay on account (issue 30, PRODUCT.md §26): the shop records a payment; members read their company's credit. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/order/:id/record-payment',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Record the payment of an order on account (shop admins)',
        description:
          'The order becomes paid (its invoice number stays the one it was placed with) and leaves the ' +
          "company's open balance. `reference` (the bank's, at most 80 characters) and `paidOn` (YYYY-MM-DD, not in " +
          'the future; default today, UTC) are kept with it. 409 NOT_ON_ACCOUNT for a card order, ORDER_PAID when ' +
          'its payment is already recorded (a repeat changes nothing), ORDER_REFUNDED.',
        security: bearer,
        params: orderIdParams,
        body: recordPaymentInput,
        response: { 200: order, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await app.orders.service.recordPayment(request.params.id, {
          reference: request.body.reference ?? null,
          paidOn: request.body.paidOn ?? null,
        }),
      ),
  );

  app.get(
    '/api/company/credit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: "My company's payment terms and open balance",
        description:
          "The terms (Net N, the credit limit), the company's on-account orders not yet paid (gross) and the " +
          'credit left. 404 when the caller belongs to no company or it has no terms.',
        security: bearer,
        response: { 200: companyCredit, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => app.accounts.credit(callerOf(request)),
  );
};

import { checkoutInput, checkoutRefusal, errorBody, order } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { callerOf } from '../../plugins/access.ts';

/** A checkout's 409: CART_EMPTY and the whole order's refusals have no `lines`; a refusal of lines names them. */
const refusal = checkoutRefusal.extend({ lines: checkoutRefusal.shape.lines.optional() });

/** `POST /api/checkout`: the caller's cart becomes one order. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout',
    {
      config: { access: 'user', rateLimit: app.rateLimits.orders },
      schema: {
        tags: ['orders'],
        summary: "Check out the caller's cart: one order of all its lines, or none",
        description:
          'Every line is placed or none: stock, minimum order, a current (not replaced) part, the card limit and ' +
          'the unpaid-units cap are checked for all lines at once. On success the ordered lines leave the cart. ' +
          '409 CART_EMPTY for an empty cart; 409 LINES_REFUSED names every offending line in `lines` ' +
          '(STOCK_OUT, BELOW_MINIMUM, ABOVE_AVAILABLE, UNAVAILABLE, SUPERSEDED), and stock and cart are untouched.',
        security: [{ bearer: [] }],
        body: checkoutInput,
        response: { 201: order, 400: errorBody, 401: errorBody, 403: errorBody, 409: refusal, 429: errorBody },
      },
    },
    async (request, reply) =>
      sendJsonText(reply.status(201), await app.checkout.checkout(callerOf(request), request.body)),
  );
};

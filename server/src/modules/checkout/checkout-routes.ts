import { checkoutRefusal, creditLimitRefusal, errorBody, order } from '@torque/contract';
import { checkedCheckoutInput } from '@torque/contract/address-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { callerOf } from '../../plugins/access.ts';

/** A checkout's 409: CART_EMPTY and the whole order's refusals have no `lines`; a refusal of lines names them. */
const refusal = checkoutRefusal.extend({
  lines: checkoutRefusal.shape.lines.optional(),
  // Issue 30: CREDIT_LIMIT's extras (contract creditLimitRefusal).
  creditLimit: creditLimitRefusal.shape.creditLimit.optional(),
  openBalance: creditLimitRefusal.shape.openBalance.optional(),
  orderTotal: creditLimitRefusal.shape.orderTotal.optional(),
});

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
          '(STOCK_OUT, BELOW_MINIMUM, ABOVE_AVAILABLE, UNAVAILABLE, SUPERSEDED), and stock and cart are untouched. ' +
          'Issue 28: `addressId` (or `address` as an object) and `shippingMethodId` add a shipping line priced by the ' +
          'server (a client price is ignored) to the order total; 409 SHIPPING_TOO_HEAVY, SHIPPING_HAZARDOUS, ' +
          'SHIPPING_COUNTRY_NOT_SERVED or SHIPPING_METHOD_UNAVAILABLE when the method cannot carry the cart. With a ' +
          "structured address a method is required while any is active (400); the spec's free-text address needs none. " +
          "Issue 30: `paymentMethod: 'account'` (optional `poNumber`, at most 40 characters) places the order on the " +
          "buyer's company's terms: no hold, invoiced at once, due in Net N days; 403 NO_PAYMENT_TERMS when the company " +
          'has none (or there is no company); 409 CREDIT_LIMIT (with `creditLimit`, `openBalance`, `orderTotal`) when ' +
          'the open balance plus this order would pass the credit limit, and nothing is placed.',
        security: [{ bearer: [] }],
        body: checkedCheckoutInput,
        response: { 201: order, 400: errorBody, 401: errorBody, 403: errorBody, 409: refusal, 429: errorBody },
      },
    },
    async (request, reply) =>
      sendJsonText(reply.status(201), await app.checkout.checkout(callerOf(request), request.body)),
  );
};

import {
  cart,
  CART_LINES_MAX,
  cartAddInput,
  cartInput,
  errorBody,
  orderIdParams,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  quickOrderResult,
  reorderResult,
} from '@torque/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsupportedMediaType } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';

const errors = { 400: errorBody, 401: errorBody };
const bearer = [{ bearer: [] }];

/** The media types a quick order is sent as: pasted text or an uploaded CSV file. */
const QUICK_ORDER_TYPES = ['text/plain', 'text/csv'];

/**
 * The cart (PRODUCT.md §18): each route is the caller's own cart (no id in the address, so
 * nobody can name another's); cart-service.ts holds the rules.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.cart;

  app.get(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'My cart, priced today, with what stops each line from being checked out',
        security: bearer,
        response: { 200: cart, 401: errorBody },
      },
    },
    async (request) => service.get(callerOf(request)),
  );

  app.put(
    '/api/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Replace my cart',
        description:
          `The cart becomes exactly these lines (at most ${CART_LINES_MAX}); the same part twice is one line with ` +
          'the quantities added. Lines already in the cart keep their place. A part that does not exist is a 400 ' +
          'naming the line, and nothing changes.',
        security: bearer,
        body: cartInput,
        response: { 200: cart, ...errors },
      },
    },
    async (request) => service.replace(callerOf(request), request.body),
  );

  app.post(
    '/api/cart/lines',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Add lines to my cart ("Add to cart", and the sign-in merge of a visitor\'s cart)',
        description:
          'A part already in the cart gets the quantities added (at most 1,000,000 units a line); a new part is ' +
          `appended. All or nothing: a part that does not exist is a 400 naming the line; past ${CART_LINES_MAX} ` +
          'lines the answer is 409 `CART_FULL`.',
        security: bearer,
        body: cartAddInput,
        response: { 200: cart, ...errors, 409: errorBody },
      },
    },
    async (request) => service.add(callerOf(request), request.body),
  );

  await app.register(quickOrderRoute);

  app.post(
    '/api/orders/:id/reorder',
    {
      config: { access: 'user', rateLimit: app.rateLimits.orders },
      schema: {
        tags: ['cart'],
        summary: "Order again: add one of my orders to my cart at today's prices",
        description:
          "The order's lines, at the quantities ordered, are added to the caller's cart (quantities added to lines " +
          'already there). `changes` says what differs since: `PRICE_CHANGED` (the unit price then and today), ' +
          '`UNAVAILABLE` (the part was deleted, and is not added, or is out of stock), `REPLACED` (the successor is ' +
          "added instead). Only the order's owner may: another account, an admin included, gets 404.",
        security: bearer,
        params: orderIdParams,
        response: { 200: reorderResult, ...errors, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.reorder(callerOf(request), request.params.id),
  );
};

/** A media type other than text/plain or text/csv is refused before the body is read. */
async function requireText(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!QUICK_ORDER_TYPES.includes(type))
    throw unsupportedMediaType('Send the quick order as Content-Type: text/plain or text/csv');
}

/** Its own plugin: the text/csv parser and the smaller body limit apply to this route only. */
const quickOrderRoute: FastifyPluginAsyncZod = async (app) => {
  const service = app.cart;
  // text/plain has Fastify's own parser (a string); text/csv is read the same way here.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: QUICK_ORDER_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/cart/quick-order',
    {
      config: { access: 'user', rateLimit: app.rateLimits.orders },
      bodyLimit: QUICK_ORDER_MAX_BYTES,
      onRequest: requireText,
      schema: {
        tags: ['cart'],
        summary: 'Quick order: add lines of "part number, quantity" to my cart',
        description:
          'Body `text/plain` (pasted) or `text/csv` (a file), at most ' +
          `${QUICK_ORDER_MAX_BYTES / 1024} KB and ${QUICK_ORDER_MAX_LINES} lines: one \`part number, quantity\` per ` +
          'line, separated by a comma, a tab, a semicolon or spaces (the last token is the quantity, so a number ' +
          'may hold spaces: `1K0 698 151 4`). A first line of column names is skipped, blank lines are ignored, ' +
          'CSV quotes are honoured. Each number is found as `GET /api/parts/by-number/{number}` finds it (own, OE, ' +
          "competitor or replaced numbers); a discontinued part's number adds its successor (`matchedBy.kind` " +
          '`replaces`). The lines found are added as `POST /api/cart/lines` adds (409 `CART_FULL` adds none); ' +
          "`added` says which number matched and the line's problem in the cart, `errors` every line not added " +
          '(unknown number, no quantity, a quantity that is not a whole number of at least 1). Lines naming the ' +
          'same part are one cart line.',
        security: bearer,
        response: { 200: quickOrderResult, ...errors, 409: errorBody, 413: errorBody, 415: errorBody, 429: errorBody },
      },
    },
    async (request) => service.quickOrder(callerOf(request), String(request.body ?? '')),
  );
};

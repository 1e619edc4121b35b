import { emailQuery, errorBody, order, orderIdParams, orderInput, ordersQuery, orderShipInput } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { setPageHeaders } from '../../lib/keyset-page.ts';
import { callerOf } from '../../plugins/access.ts';
import { ordersCsv } from './orders-csv.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const bearer = [{ bearer: [] }];

/** PRODUCT.md §7's order calls (paying is payments-routes.ts's): parse, authorize, one service call. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.orders.service;

  app.post(
    '/api/order',
    {
      config: { access: 'user', rateLimit: app.rateLimits.orders },
      schema: {
        tags: ['orders'],
        summary: 'Place an order; takes the stock atomically',
        description:
          'The email comes from the access token and the price from the part; original-client fields email, price, name, img and des are ignored.',
        security: bearer,
        body: orderInput,
        response: { 201: order, ...errors, 429: errorBody },
      },
    },
    async (request, reply) => sendJsonText(reply.status(201), await orders.place(callerOf(request), request.body)),
  );

  app.get(
    '/api/order',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The caller's own orders",
        security: bearer,
        querystring: emailQuery,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await orders.listOwn(callerOf(request), request.query.email)),
  );

  app.get(
    '/api/order/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'One order (its owner or an admin)',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await orders.get(callerOf(request), request.params.id)),
  );

  app.delete(
    '/api/order/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (its owner or an admin); its units go back to stock',
        security: bearer,
        params: orderIdParams,
        response: { 200: order, ...errors },
      },
    },
    async (request) => orders.cancel(callerOf(request), request.params.id),
  );

  app.get(
    '/api/orders',
    {
      config: { access: 'admin', pagedList: true },
      schema: {
        tags: ['orders'],
        summary: 'Every order (admin): whole, or paged, searched and filtered by status',
        description:
          'Without `limit`, `status` or `q`: every order, oldest first (compatibility form). Otherwise newest ' +
          'first; with `limit` one page with `X-Total-Count` and `Link: <…>; rel="next"`. `q` matches part of ' +
          "the customer's e-mail or the name of a part of the order.",
        security: bearer,
        querystring: ordersQuery,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (request, reply) => {
      const { json, page } = await orders.listAll(request.query);
      if (page) setPageHeaders(request, reply, page);
      return sendJsonText(reply, json);
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Every order as CSV (admin), with the filters of GET /api/orders',
        description:
          'One row per order line, newest order first: order id, created, customer e-mail, phone, address, part, ' +
          'part number, quantity, unit price, total, paid at, payment id, shipped at. Part to total are the ' +
          "line's (an order's total is the sum of its rows); the order's columns repeat on each of its lines. " +
          'RFC 4180 quoting; cells starting with =, +, -, @ are ' +
          "prefixed with ' (CSV injection). Streamed from the database in batches, in constant memory.",
        security: bearer,
        querystring: ordersQuery.omit({ limit: true, cursor: true }),
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (no serialiser); the schema's string documents the body.
          .send(ordersCsv(orders.exportRows(request.query), request.log) as unknown as string)
      );
    },
  );

  app.put(
    '/api/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Ship a paid order (admin)',
        security: bearer,
        params: orderIdParams,
        body: orderShipInput,
        response: { 200: order, ...errors },
      },
    },
    async (request) => orders.ship(request.params.id),
  );
};

import {
  emailQuery,
  errorBody,
  order,
  orderIdParams,
  orderInput,
  orderPayInput,
  orderShipInput,
} from '@torque/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertOwnerOrAdmin, callerOf } from '../../plugins/access.ts';
import { toOrder } from './orders-repository.ts';

/**
 * Sends JSON the database already wrote in the contract's shape (order-json.ts): Fastify sends a
 * string as it is, so the zod serialiser, which the response schema still documents, is skipped.
 */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const bearer = [{ bearer: [] }];

/**
 * PRODUCT.md §7's order calls. The server decides everything that matters: the owner is the
 * caller, the price comes from the part, stock moves in the same transaction as the order.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.commerce;

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
    async (request, reply) => {
      const caller = callerOf(request);
      const placed = await orders.place({ ...request.body, userId: caller.userId, email: caller.email });
      app.catalogueChanged();
      return sendJsonText(reply.status(201), placed);
    },
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
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.query.email.toLowerCase() !== caller.email) throw forbidden('You can only list your own orders');
      return sendJsonText(reply, await orders.listByEmailJson(caller.email));
    },
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
    async (request) => {
      const row = await orders.get(request.params.id);
      if (!row) throw notFound('Order');
      assertOwnerOrAdmin(callerOf(request), row.email);
      return toOrder(row);
    },
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
    async (request) => {
      const row = await orders.get(request.params.id);
      if (!row) throw notFound('Order');
      assertOwnerOrAdmin(callerOf(request), row.email);
      const cancelled = await orders.cancelUnpaid(row.id);
      if (cancelled === 'paid') throw conflict('A paid order cannot be cancelled', 'ORDER_PAID');
      if (!cancelled) throw notFound('Order');
      app.catalogueChanged();
      return cancelled;
    },
  );

  app.put(
    '/api/order/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders', 'payments'],
        summary: 'Mark an order paid, once the payment provider confirms the payment',
        security: bearer,
        params: orderIdParams,
        body: orderPayInput,
        response: { 200: order, ...errors },
      },
    },
    async (request) => app.commerce.payments.confirmPaid(callerOf(request), request.params.id, request.body.paymentId),
  );

  app.get(
    '/api/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Every order (admin)',
        security: bearer,
        response: { 200: z.array(order), ...errors },
      },
    },
    async (_request, reply) => sendJsonText(reply, await orders.listAllJson()),
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

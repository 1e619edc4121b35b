import {
  errorBody,
  part,
  partDetail,
  partIdParams,
  partInput,
  partsQuery,
  partUpdate,
  stockMove,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/keyset-page.ts';
import { createPartsAnswers } from '../price-lists/buyer-answers.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * PRODUCT.md §7 catalogue calls (parts-service.ts holds the caches and rules). Reads are public
 * and answered with ETag/304; writes are admin-only.
 */
export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { parts } = app;
  const sendPartsAnswer = createPartsAnswers(app);
  // Searched, filtered, sorted or paged lists are read from the database: limited per address
  // (issue 24). The whole catalogue, served from memory, is not.
  const listLimit = app.extraRateLimit(app.rateLimits.catalogueLists);

  app.get(
    '/api/parts',
    {
      config: { access: 'public', pagedList: true },
      schema: {
        tags: ['parts'],
        summary: 'The catalogue: whole, or paged, searched, filtered and sorted',
        description:
          "Without any parameter (the compatibility form PRODUCT.md's clients use) the whole catalogue, oldest " +
          'first. With `limit`, one page (still an array) with `X-Total-Count` and, while there is more, ' +
          '`Link: <…>; rel="next"` whose URL carries the next `cursor`; with `q`, a filter or `sort` but no ' +
          '`limit`, the first page of 100, the same way. Keyset paging: parts added or sold out meanwhile never ' +
          'make a reader see a part twice or miss one. Lists other than the whole catalogue are rate-limited ' +
          'per address (600 a minute).',
        querystring: partsQuery,
        response: { 200: z.array(part), 400: errorBody, 429: errorBody },
      },
      preHandler: async (request, reply) => {
        if (request.url.includes('?')) await listLimit.call(app, request, reply);
      },
    },
    async (request, reply) => {
      const { body, page, pagedAt } = await parts.list(request.query);
      if (page) setPageHeaders(request, reply, page, pagedAt === undefined ? {} : { limit: String(pagedAt) });
      // Issue 30: a buyer with a price list gets `yourPrice` on every part (PRODUCT.md §25).
      return sendPartsAnswer(request, reply, body);
    },
  );

  app.get(
    '/api/parts/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'One part, with its fitment (PRODUCT.md §15)',
        params: partIdParams,
        response: { 200: partDetail, ...errors },
      },
    },
    async (request, reply) => sendPartsAnswer(request, reply, await parts.one(request.params.id)),
  );

  app.post(
    '/api/parts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Add a product (admin)',
        security: [{ bearer: [] }],
        description: '`fitment` (optional) is stored with the part in one transaction.',
        body: partInput,
        response: { 201: partDetail, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await parts.create(request.body)),
  );

  app.put(
    '/api/parts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Edit a product (admin): name, description, minimum order, image link, price',
        description:
          'Never changes stock: `available` is not part of this body (it is stripped); stock moves only by a ' +
          'delta, `POST /api/parts/{id}/stock`. Optimistic concurrency: send `If-Match` with the `ETag` of ' +
          '`GET /api/parts/{id}`; without it 428, and 412 when another admin saved the product since. The ' +
          "answer's `ETag` is the new version's. `fitment`, when given, replaces all of the part's rows in the " +
          'same transaction as the edit.',
        security: [{ bearer: [] }],
        params: partIdParams,
        headers: z.object({ 'if-match': z.string().max(200).optional() }),
        body: partUpdate,
        response: { 200: partDetail, ...errors, 412: errorBody, 428: errorBody },
      },
    },
    async (request, reply) => {
      const { part: updated, etag } = await parts.update(request.params.id, request.body, request.headers['if-match']);
      return reply.header('etag', etag).send(updated);
    },
  );

  app.post(
    '/api/parts/:id/stock',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Restock or write off (admin): stock moves by `add` units, atomically',
        description:
          'One guarded statement (`available = available + add` where the result is ≥ 0), so it composes with ' +
          'orders placed at the same moment. Negative `add` writes units off; 409 if stock would go below 0.',
        security: [{ bearer: [] }],
        params: partIdParams,
        body: stockMove,
        response: { 200: part, ...errors, 409: errorBody },
      },
    },
    async (request) => parts.moveStock(request.params.id, request.body.add),
  );

  app.delete(
    '/api/part/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Delete a product (admin). Its past orders keep their copy of it.',
        security: [{ bearer: [] }],
        params: partIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...errors },
      },
    },
    async (request) => {
      await parts.remove(request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );
};

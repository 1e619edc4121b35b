import { errorBody, priceList, priceListIdParams, priceListInput } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const bearer = [{ bearer: [] }];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
const bodyNote =
  '`companyIds`: the companies whose buyers it prices; `percentOff`: percent off the public price for the quantity ' +
  '(0–100, ≤ 2 decimals, or null); `prices`: fixed prices per part in dollars with their own `priceBreaks`; ' +
  '`validFrom` (inclusive) / `validTo` (exclusive): ISO 8601 or null. Unknown companies or parts, tiers not ' +
  'increasing or not below the price before them, or validTo ≤ validFrom: 400 naming the fields.';

/** Price lists (issue 30, PRODUCT.md §25): shop admins only. */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.priceLists;

  app.get(
    '/api/price-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'Every price list, by name (shop admins)',
        security: bearer,
        response: { 200: z.array(priceList), 401: errorBody, 403: errorBody },
      },
    },
    async () => service.list(),
  );

  app.post(
    '/api/price-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'Create a price list (shop admins)',
        description: bodyNote,
        security: bearer,
        body: priceListInput,
        response: { 201: priceList, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.get(
    '/api/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'One price list (shop admins)',
        security: bearer,
        params: priceListIdParams,
        response: { 200: priceList, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.put(
    '/api/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'Replace a price list (shop admins); placed orders keep their prices',
        description: bodyNote,
        security: bearer,
        params: priceListIdParams,
        body: priceListInput,
        response: { 200: priceList, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/api/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'Delete a price list (shop admins); placed orders keep their prices',
        security: bearer,
        params: priceListIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );
};

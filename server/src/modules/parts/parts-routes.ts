import { errorBody, part, partIdParams, partInput, partUpdate } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { createCatalogueCache } from './catalogue-cache.ts';
import { createPartsRepository } from './parts-repository.ts';
import { sendSerialised, serialise } from './serialised-body.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * PRODUCT.md §7 catalogue calls. Reads are public and served from a serialised snapshot (with
 * ETag/304); every write, here or an order's stock change, announces `catalogueChanged()`,
 * which drops it. Writes are admin-only.
 */
export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPartsRepository(app.db);
  const catalogue = createCatalogueCache(() => repo.list(), {
    onRefreshError: (err) => app.log.warn({ err }, 'catalogue refresh failed; serving the previous snapshot'),
  });
  app.onCatalogueChange(() => catalogue.invalidate());

  app.get(
    '/api/parts',
    {
      config: { access: 'public' },
      schema: { tags: ['parts'], summary: 'The catalogue', response: { 200: z.array(part) } },
    },
    async (request, reply) => sendSerialised(request, reply, await catalogue.list()),
  );

  app.get(
    '/api/parts/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['parts'], summary: 'One part', params: partIdParams, response: { 200: part, ...errors } },
    },
    async (request, reply) => {
      // Not in the snapshot: maybe added by another instance a moment ago, so ask the database.
      const body =
        (await catalogue.part(request.params.id)) ?? (await repo.get(request.params.id).then((p) => p && serialise(p)));
      if (!body) throw notFound('Part');
      return sendSerialised(request, reply, body);
    },
  );

  app.post(
    '/api/parts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Add a product (admin)',
        security: [{ bearer: [] }],
        body: partInput,
        response: { 201: part, ...errors },
      },
    },
    async (request, reply) => {
      const created = await repo.create(request.body);
      app.catalogueChanged();
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/parts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['parts'],
        summary: 'Change a product, stock included (admin). Orders change stock by themselves.',
        security: [{ bearer: [] }],
        params: partIdParams,
        body: partUpdate,
        response: { 200: part, ...errors },
      },
    },
    async (request) => {
      const updated = await repo.update(request.params.id, request.body);
      if (!updated) throw notFound('Part');
      app.catalogueChanged();
      return updated;
    },
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
      if (!(await repo.remove(request.params.id))) throw notFound('Part');
      app.catalogueChanged();
      return { deleted: true as const, _id: request.params.id };
    },
  );
};

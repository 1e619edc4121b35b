import { errorBody, part, partIdParams, partInput, partUpdate } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { createPartsRepository } from './parts-repository.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC.md §7 catalogue calls. Reads are public; writes are admin-only. */
export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPartsRepository(app.db);

  app.get(
    '/api/parts',
    { config: { access: 'public' }, schema: { tags: ['parts'], summary: 'The catalogue', response: { 200: z.array(part) } } },
    async () => repo.list(),
  );

  app.get(
    '/api/parts/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['parts'], summary: 'One part', params: partIdParams, response: { 200: part, ...errors } },
    },
    async (request) => (await repo.get(request.params.id)) ?? Promise.reject(notFound('Part')),
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
    async (request, reply) => reply.status(201).send(await repo.create(request.body)),
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
    async (request) => (await repo.update(request.params.id, request.body)) ?? Promise.reject(notFound('Part')),
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
      return { deleted: true as const, _id: request.params.id };
    },
  );
};

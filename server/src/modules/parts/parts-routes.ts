import { errorBody, part, partIdParams, partInput, partsQuery, partUpdate, type PartsQuery } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createKeysetCodec, setPageHeaders } from '../../lib/keyset-page.ts';
import { createCatalogueCache, type CachedPage } from './catalogue-cache.ts';
import {
  createPartsRepository,
  keyPatterns,
  searchTerms,
  type PartsFilter,
  type PartsOrder,
} from './parts-repository.ts';
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
  const cursors = createKeysetCodec(app.config.authSecret);

  /** One page, from the page cache or the database; the cursor is checked before either. */
  async function page(query: PartsQuery & { limit: number }): Promise<CachedPage> {
    const terms = searchTerms(query.q);
    const filter: PartsFilter = { terms, inStock: query.inStock === true };
    const order: PartsOrder = query.sort ?? (query.q ? 'relevance' : 'catalogue');
    // What a cursor belongs to: the list, its order and filters. A cursor of another is a 400.
    const filterKey = JSON.stringify([terms, filter.inStock]);
    const scope = `parts|${order}|${filterKey}`;
    const after = query.cursor === undefined ? undefined : cursors.decode(query.cursor, scope, keyPatterns(order));
    return catalogue.page(JSON.stringify([scope, query.limit, query.cursor ?? null]), async () => {
      // A search with no usable word ("?q=!!") matches nothing; it never turns into a full scan.
      if (query.q && terms.length === 0) return { body: serialise([]), total: 0, nextCursor: null };
      const [found, total] = await Promise.all([
        repo.page(filter, order, query.limit, after),
        catalogue.total(filterKey, () => repo.count(filter)),
      ]);
      return {
        body: serialise(found.parts),
        total,
        nextCursor: found.nextKey && cursors.encode(scope, found.nextKey),
      };
    });
  }

  app.get(
    '/api/parts',
    {
      config: { access: 'public', pagedList: true },
      schema: {
        tags: ['parts'],
        summary: 'The catalogue: whole, or paged, searched, filtered and sorted',
        description:
          "Without `limit` (the compatibility form PRODUCT.md's clients use) the whole catalogue, oldest first, " +
          'and `q`, `inStock` and `sort` still apply. With `limit`, one page (still an array) with `X-Total-Count` ' +
          'and, while there is more, `Link: <…>; rel="next"` whose URL carries the next `cursor`. Keyset paging: ' +
          'parts added or sold out meanwhile never make a reader see a part twice or miss one.',
        querystring: partsQuery,
        response: { 200: z.array(part), 400: errorBody },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.limit === undefined) {
        if (query.cursor !== undefined) throw badRequest('cursor needs limit', { cursor: 'cursor needs limit' });
        const plain = !query.q && !query.inStock && query.sort === undefined;
        if (plain) return sendSerialised(request, reply, await catalogue.list());
      }
      const result = await page({ ...query, limit: query.limit ?? Number.MAX_SAFE_INTEGER });
      if (query.limit !== undefined) setPageHeaders(request, reply, result);
      return sendSerialised(request, reply, result.body);
    },
  );

  app.get(
    '/api/parts/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['parts'], summary: 'One part', params: partIdParams, response: { 200: part, ...errors } },
    },
    async (request, reply) => {
      const id = request.params.id;
      const load = () => repo.get(id);
      // Not in the snapshot: maybe added by another instance a moment ago, so ask the database.
      const body = (await catalogue.part(id, load)) ?? (await load().then((p) => p && serialise(p)));
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

import { errorBody, statsQuery, statsResponse } from '@torque/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStatsRepository } from './stats-repository.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Issue 17: the admin overview's figures. Computed on each call (docs/PERFORMANCE.md, "Admin overview"). */
const stats: FastifyPluginAsyncZod = async (app) => {
  const repository = createStatsRepository(app.db);

  app.get(
    '/api/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['stats'],
        summary: "The shop's figures for the last N days (in SHOP_TIMEZONE) and the N days before",
        security: [{ bearer: [] }],
        querystring: statsQuery,
        response: { 200: statsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const timeZone = app.config.SHOP_TIMEZONE;
      const figures = await repository.overview({ days: request.query.days, timeZone });
      reply.header('cache-control', 'no-store');
      return { ...figures, timeZone };
    },
  );
};

export const statsRoutes = fp(stats, { name: 'stats-routes' });

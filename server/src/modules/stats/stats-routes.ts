import { errorBody, statsQuery, statsResponse } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The admin overview's figures, computed on each call (docs/PERFORMANCE.md, "Admin overview"). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      reply.header('cache-control', 'no-store');
      return app.stats.overview(request.query.days);
    },
  );
};

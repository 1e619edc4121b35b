import { errorBody } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../lib/errors.ts';

/** Liveness and readiness for a load balancer: 503 while the database is unreachable. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: errorBody },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw serviceUnavailable('The database is unreachable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStatsRepository } from './stats-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stats: ReturnType<typeof createStatsRepository>;
  }
}

/** The admin overview's figures, computed in SQL from orders and parts. */
export const statsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('stats', createStatsRepository(app.db));
  },
  { name: 'stats', dependencies: ['database'] },
);

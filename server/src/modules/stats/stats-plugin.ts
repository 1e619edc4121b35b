import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStatsRepository } from './stats-repository.ts';
import { createStatsService, type StatsService } from './stats-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stats: StatsService;
  }
}

/** The admin overview's figures, computed in SQL from orders and parts. */
export const statsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'stats',
      createStatsService({ repository: createStatsRepository(app.db), timeZone: app.config.SHOP_TIMEZONE }),
    );
  },
  { name: 'stats', dependencies: ['database'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFitmentRepository } from './fitment-repository.ts';
import { createFitmentService, type FitmentService } from './fitment-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fitment: FitmentService;
  }
}

/** Fitment's service: its vehicle lists are dropped with the catalogue's caches on every change. */
export const fitmentPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createFitmentService({
      repository: createFitmentRepository(app.db),
      changed: () => app.catalogueChanged(),
      log: app.log,
    });
    app.onCatalogueChange(() => service.invalidate());
    app.decorate('fitment', service);
  },
  { name: 'fitment', dependencies: ['database', 'catalogue-events'] },
);

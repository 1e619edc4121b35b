import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPartsRepository } from './parts-repository.ts';
import { createPartsService, type PartsService } from './parts-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    parts: PartsService;
  }
}

/** The catalogue's service, whose caches every catalogue change drops (orders' stock moves too). */
export const partsPlugin = fp(
  async (app: FastifyInstance) => {
    const service = createPartsService({
      repository: createPartsRepository(app.db),
      secret: app.config.authSecret,
      log: app.log,
      changed: () => app.catalogueChanged(),
    });
    app.onCatalogueChange(() => service.invalidate());
    app.decorate('parts', service);
  },
  { name: 'parts', dependencies: ['database', 'catalogue-events'] },
);

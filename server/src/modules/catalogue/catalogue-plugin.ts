import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CATALOGUE_MAX_AGE_MS, PAGE_CACHE_MAX_BYTES, SINGLE_PART_CACHE_MAX_ENTRIES } from './catalogue-cache.ts';
import { createFitmentRepository } from './fitment/fitment-repository.ts';
import { createFitmentService, type FitmentService } from './fitment/fitment-service.ts';
import { createByNumberRepository } from './numbers/by-number-repository.ts';
import { createCrossReferenceRepository } from './numbers/cross-reference-repository.ts';
import { createCrossReferenceService } from './numbers/cross-reference-service.ts';
import { createPartsRepository } from './parts/parts-repository.ts';
import { createPartsService, type PartsService } from './parts-service.ts';
import { createSearchRepository } from './search/search-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    parts: PartsService;
    fitment: FitmentService;
  }
}

/**
 * The catalogue's services, built once: the parts (list, search, edits), fitment (vehicle
 * lists, import, garage) and part numbers (lookup by number, cross-reference import). Both cache what they answer and drop it on every catalogue change,
 * their own writes and the orders' stock moves alike (`app.catalogueChanged()`).
 */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const changed = () => app.catalogueChanged();
    const partsRepository = createPartsRepository(app.db);
    const parts = createPartsService({
      repository: partsRepository,
      search: createSearchRepository(app.db, { lexiconMaxAgeMs: CATALOGUE_MAX_AGE_MS }),
      secret: app.config.authSecret,
      log: app.log,
      changed,
    });
    const fitment = createFitmentService({
      repository: createFitmentRepository(app.db),
      changed,
      log: app.log,
      maxAgeMs: CATALOGUE_MAX_AGE_MS,
    });
    const crossReferences = createCrossReferenceService({
      repository: createCrossReferenceRepository(app.db),
      byNumber: createByNumberRepository(app.db),
      changed,
      answerCache: {
        maxEntries: SINGLE_PART_CACHE_MAX_ENTRIES,
        maxBytes: PAGE_CACHE_MAX_BYTES,
        maxAgeMs: CATALOGUE_MAX_AGE_MS,
      },
    });
    app.onCatalogueChange(() => {
      parts.invalidate();
      fitment.invalidate();
      crossReferences.invalidate();
    });
    app.decorate('parts', parts);
    app.decorate('fitment', fitment);
    app.decorate('crossReferences', crossReferences);
  },
  { name: 'catalogue', dependencies: ['database', 'catalogue-events'] },
);

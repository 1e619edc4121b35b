import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPriceListsRepository } from './price-lists-repository.ts';
import { createPriceListsService, type PriceListsService } from './price-lists-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Price lists: the routes' calls, and `termsFor` for every price a buyer is shown or charged. */
    priceLists: PriceListsService;
  }
}

export const priceListsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('priceLists', createPriceListsService(createPriceListsRepository(app.db)));
  },
  { name: 'price-lists', dependencies: ['database'] },
);

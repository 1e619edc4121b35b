import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAddressesRepository } from './addresses-repository.ts';
import { createAddressesService, type AddressesService } from './addresses-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The address book: the routes' calls, and `copyOf` / `defaultBillingOf` for checkout and shipping. */
    addressBook: AddressesService;
  }
}

export const addressesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('addressBook', createAddressesService(createAddressesRepository(app.db)));
  },
  { name: 'addresses', dependencies: ['database'] },
);

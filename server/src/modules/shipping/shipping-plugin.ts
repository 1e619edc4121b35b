import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createShippingRepository } from './shipping-repository.ts';
import {
  createShippingService,
  type AddressCountries,
  type CartOfAccount,
  type ShippingService,
} from './shipping-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipping methods and prices: the routes' calls, and `charge` for checkout. */
    shipping: ShippingService;
  }
}

/** Shipping, built once; it reads the caller's cart (`app.cart`) and address book (`app.addressBook`) through ports. */
export const shippingPlugin = fp(
  async (app: FastifyInstance) => {
    // Typed as the ports: shipping may call nothing else of the cart or the book.
    const cart: CartOfAccount = app.cart;
    const addresses: AddressCountries = app.addressBook;
    app.decorate(
      'shipping',
      createShippingService({
        repository: createShippingRepository(app.db),
        cart,
        addresses,
        buyerTerms: (userId, partIds) => app.priceLists.termsFor(userId, partIds),
      }),
    );
  },
  { name: 'shipping', dependencies: ['database', 'cart', 'addresses', 'price-lists'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CartLines } from './cart-lines.ts';
import { formatAddress, postalOf } from '../addresses/addresses-service.ts';
import {
  createCheckoutService,
  type CheckoutAccounts,
  type CheckoutAddresses,
  type CheckoutService,
  type CheckoutShipping,
} from './checkout-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

/**
 * Checkout: reads the caller's cart through `CartLines` (the cart module's `app.cart`) and
 * places it through the orders module. Neither of them knows about checkout.
 */
export const checkoutPlugin = fp(
  async (app: FastifyInstance) => {
    // Typed as the port: checkout may call nothing else of the cart.
    const cart: CartLines = app.cart;
    const addresses: CheckoutAddresses = {
      copyOf: app.addressBook.copyOf,
      defaultBillingOf: app.addressBook.defaultBillingOf,
      postalOf,
      format: formatAddress,
    };
    const shipping: CheckoutShipping = app.shipping;
    const accounts: CheckoutAccounts = app.accounts;
    app.decorate(
      'checkout',
      createCheckoutService({ cart, orders: app.orders.service, addresses, shipping, accounts }),
    );
  },
  { name: 'checkout', dependencies: ['orders', 'cart', 'addresses', 'shipping', 'accounts'] },
);

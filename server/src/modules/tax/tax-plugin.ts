import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { personTaxIds, runTaxIdRechecks } from './tax-id-rechecker.ts';
import { createTaxRepository } from './tax-repository.ts';
import {
  createTaxService,
  type QuoteAddresses,
  type QuoteCart,
  type QuoteShipping,
  type TaxService,
} from './tax-service.ts';
import { createViesClient } from './vies-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tax (issue 29): rates, tax numbers, exemptions, the quote and the report. */
    tax: TaxService;
  }
}

/**
 * Tax: builds the service once, registers its decision as the orders module's tax policy (so
 * every placement, checkout and the one-part order, is taxed by it), and runs the background
 * re-check of unverified VAT numbers from onReady to onClose in every instance.
 */
export const taxPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createTaxRepository(app.db);
    const vies = createViesClient({ baseUrl: app.config.VIES_URL, timeoutMs: app.config.VIES_TIMEOUT_MS });
    // Typed as the ports: the quote may call nothing else of the cart, the book or shipping.
    const cart: QuoteCart = app.cart;
    const addresses: QuoteAddresses = app.addressBook;
    const shipping: QuoteShipping = app.shipping;
    const service = createTaxService({
      repository,
      vies,
      seller: {
        country: app.config.SHOP_COUNTRY,
        taxId: app.config.SHOP_TAX_ID ?? null,
        timeZone: app.config.SHOP_TIMEZONE,
      },
      retryBaseMs: app.config.VIES_RETRY_BASE_MS,
      cart,
      addresses,
      shipping,
    });
    app.decorate('tax', service);
    app.orders.useTaxPolicy({ decide: service.decide });

    runTaxIdRechecks(app, personTaxIds(repository), vies);
  },
  { name: 'tax', dependencies: ['database', 'orders', 'cart', 'addresses', 'shipping'] },
);

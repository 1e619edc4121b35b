import path from 'node:path';
import { adminEmailsFor } from './accounts.ts';
import { RATE_LIMIT_SCALE } from './global-setup.ts';
import { startAppServer } from './app-server.ts';
import { startFakeVies } from '@torque/testkit';
import { test as base } from './fixtures.ts';
import { ARTIFACTS_DIR, SPECS_DIR } from './paths.ts';

/** The German seller's details (PRODUCT.md §21): its configuration and what its invoices print. */
export const GERMAN_SELLER = {
  country: 'DE',
  legalName: 'Torque Teile GmbH',
  address: 'Industriestraße 12, 70565 Stuttgart, Germany',
  taxId: 'DE136695976',
  registration: 'Amtsgericht Stuttgart HRB 123456',
} as const;

/** What the VIES stand-in says is valid; every other number is invalid (both pass jsvat's format check). */
export const VALID_FRENCH_VAT = 'FR40303265045';
export const INVALID_FRENCH_VAT = 'FR83404833048';

/**
 * The tax journeys run against a server of their own, configured as a German seller, with VAT
 * numbers checked by a local VIES stand-in (the test kit's fake-vies.ts). It starts lazily, once per
 * worker that runs a spec using this `test`, and stops with the worker: the rest of the suite
 * never pays for it. The seed's rates (migration 0014) have Germany 19 % and France 20 %.
 * `baseURL` is its origin, so `page`, `customer`, `pageFor` and `adminApi` all speak to it.
 */
export const test = base.extend<object, { germanSeller: { url: string } }>({
  germanSeller: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the pattern
    async ({}, use) => {
      const vies = await startFakeVies();
      vies.answer(VALID_FRENCH_VAT, 'valid');
      try {
        const server = await startAppServer(
          {
            ADMIN_EMAILS: adminEmailsFor(SPECS_DIR).join(','),
            PAYMENT_PROVIDER: 'sandbox',
            RATE_LIMIT_SCALE,
            SHOP_COUNTRY: GERMAN_SELLER.country,
            SHOP_LEGAL_NAME: GERMAN_SELLER.legalName,
            SHOP_ADDRESS: GERMAN_SELLER.address,
            SHOP_TAX_ID: GERMAN_SELLER.taxId,
            SHOP_REGISTRATION: GERMAN_SELLER.registration,
            VIES_URL: vies.url,
            LOG_LEVEL: 'info',
          },
          { logFile: path.join(ARTIFACTS_DIR, 'server-german-seller.log') },
        );
        try {
          await use({ url: server.url });
        } finally {
          await server.stop();
        }
      } finally {
        await vies.close();
      }
    },
    // A fresh server migrates and seeds its database first: on a busy machine that takes a while.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ germanSeller }, use) => {
    await use(germanSeller.url);
  },
});

export { expect } from './fixtures.ts';

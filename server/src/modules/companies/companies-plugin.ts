import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { runTaxIdRechecks, type RecheckSource } from '../tax/tax-id-rechecker.ts';
import { createViesClient, readTaxId } from '../tax/vies-client.ts';
import { createCompaniesRepository, type CompaniesRepository } from './companies-repository.ts';
import { createCompaniesService, type CompaniesService } from './companies-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies: the routes' calls, and `membershipOf` for pricing, orders and checkout. */
    companies: CompaniesService;
  }
}

/** The companies' numbers (`companies.tax_id*`, migration 0023) as a source of the tax module's re-check. */
export function companyTaxIds(repository: CompaniesRepository): RecheckSource {
  return {
    name: 'company',
    claimDue: (limit, leaseMs) => repository.claimDueTaxIds(limit, leaseMs),
    resolve: (key, taxId, status) => repository.resolveTaxId(key, taxId, status),
    reschedule: (key, taxId, delayMs) => repository.rescheduleTaxId(key, taxId, delayMs),
  };
}

/**
 * Companies: the service, and the background re-check of companies' unverified tax numbers in
 * every instance (the tax module's rechecker with the companies' source, onReady to onClose).
 */
export const companiesPlugin = fp(
  async (app: FastifyInstance) => {
    const vies = createViesClient({ baseUrl: app.config.VIES_URL, timeoutMs: app.config.VIES_TIMEOUT_MS });
    const repository = createCompaniesRepository(app.db);
    app.decorate(
      'companies',
      createCompaniesService(
        repository,
        {
          async sendInvitation(recipient, payload) {
            await app.mail.enqueue('company-invitation', recipient, payload);
            app.mail.poke();
          },
          companyOrders: (companyId, query) => app.orders.service.listCompany(companyId, query),
          // As PUT /api/tax-id checks a person's (tax-service.ts): VIES away leaves it 'unverified',
          // re-checked in the background from VIES_RETRY_BASE_MS on.
          async checkTaxId(raw) {
            const read = readTaxId(raw);
            if (read.kind === 'eu-malformed') return null;
            if (read.kind === 'other')
              return { taxId: read.taxId, country: null, status: 'unverified', checked: false, retryInMs: null };
            const answer = await vies.check(read.viesCountry, read.vatNumber);
            const away = answer === 'unavailable';
            return {
              taxId: read.taxId,
              country: read.country,
              status: away ? 'unverified' : answer,
              checked: !away,
              retryInMs: away ? app.config.VIES_RETRY_BASE_MS : null,
            };
          },
        },
        createKeysetCodec(app.config.authSecret),
      ),
    );

    runTaxIdRechecks(app, companyTaxIds(repository), vies);
  },
  { name: 'companies', dependencies: ['database', 'orders', 'mail'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { createViesClient, readTaxId } from '../tax/vies-client.ts';
import { createCompaniesRepository } from './companies-repository.ts';
import { createCompaniesService, type CompaniesService } from './companies-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies: the routes' calls, and `membershipOf` for pricing, orders and checkout. */
    companies: CompaniesService;
  }
}

export const companiesPlugin = fp(
  async (app: FastifyInstance) => {
    const vies = createViesClient({ baseUrl: app.config.VIES_URL, timeoutMs: app.config.VIES_TIMEOUT_MS });
    app.decorate(
      'companies',
      createCompaniesService(
        createCompaniesRepository(app.db),
        {
          async sendInvitation(recipient, payload) {
            await app.mail.enqueue('company-invitation', recipient, payload);
            app.mail.poke();
          },
          companyOrders: (companyId, query) => app.orders.service.listCompany(companyId, query),
          // As PUT /api/tax-id checks a person's (tax-service.ts): VIES away leaves it 'unverified'.
          async checkTaxId(raw) {
            const read = readTaxId(raw);
            if (read.kind === 'eu-malformed') return null;
            if (read.kind === 'other') return { taxId: read.taxId, country: null, status: 'unverified' };
            const answer = await vies.check(read.viesCountry, read.vatNumber);
            return {
              taxId: read.taxId,
              country: read.country,
              status: answer === 'unavailable' ? 'unverified' : answer,
            };
          },
        },
        createKeysetCodec(app.config.authSecret),
      ),
    );
  },
  { name: 'companies', dependencies: ['database', 'orders', 'mail'] },
);

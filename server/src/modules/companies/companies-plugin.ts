import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    app.decorate(
      'companies',
      createCompaniesService(createCompaniesRepository(app.db), {
        async sendInvitation(recipient, payload) {
          await app.mail.enqueue('company-invitation', recipient, payload);
          app.mail.poke();
        },
        companyOrders: (companyId, query) => app.orders.service.listCompany(companyId, query),
      }),
    );
  },
  { name: 'companies', dependencies: ['database', 'orders', 'mail'] },
);

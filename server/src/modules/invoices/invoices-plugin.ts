import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SHOP_NAME } from '../mail/mail-plugin.ts';
import type { OrderFacts } from '../orders/order-facts.ts';
import { createInvoicesRepository } from './invoices-repository.ts';
import { createInvoicesService, type InvoicesService } from './invoices-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesService;
  }
}

/**
 * Invoices: numbered as an order becomes paid (the order machine's paid-order numbering, in the
 * paying statement), drawn on demand, and attached to the payment e-mail through mail's
 * attachment port. Depends on orders and mail; neither knows about invoices.
 */
export const invoicesPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createInvoicesRepository();
    const service = createInvoicesService({
      orders: app.orders.service,
      seller: { shopName: SHOP_NAME, publicUrl: app.config.publicUrl },
    });
    app.orders.events.numberPaidWith(repository.numbering);
    app.mail.attach('payment-received', (payload) => service.attachmentFor(payload as OrderFacts));
    app.decorate('invoices', service);
  },
  { name: 'invoices', dependencies: ['database', 'orders', 'mail'] },
);

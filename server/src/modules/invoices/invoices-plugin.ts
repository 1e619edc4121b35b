import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderFacts } from '../orders/order-facts.ts';
import { createInvoicesRepository } from './invoices-repository.ts';
import { createInvoicesService, type CreditNoteMailPayload, type InvoicesService } from './invoices-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesService;
  }
}

/**
 * Invoices and credit notes: an invoice is numbered as an order becomes paid (the order machine's
 * paid-order numbering, in the paying statement), a credit note is issued, numbered and queued
 * for e-mail as an invoiced order is refunded (an in-statement writer on `refunded`); both are
 * drawn on demand and attached to their e-mails through mail's attachment port. Depends on orders
 * and mail; neither knows about invoices.
 */
export const invoicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const repository = createInvoicesRepository(app.db);
    const service = createInvoicesService({
      repository,
      seller: {
        legalName: config.SHOP_LEGAL_NAME,
        address: config.SHOP_ADDRESS,
        country: config.SHOP_COUNTRY,
        taxId: config.SHOP_TAX_ID ?? null,
        registration: config.SHOP_REGISTRATION ?? null,
        publicUrl: config.publicUrl,
      },
      companyReader: (orderId, userId) => app.orders.service.readableByCompanyMember(orderId, userId),
    });
    app.orders.events.numberPaidWith(repository.numbering);
    app.orders.events.writeWith('refunded', repository.creditNoteWriter);
    app.orders.events.on('refunded', () => app.mail.poke());
    app.mail.attach('payment-received', (payload) => service.attachmentFor(payload as OrderFacts));
    app.mail.attach('credit-note', (payload) => service.creditNoteAttachmentFor(payload as CreditNoteMailPayload));
    // Issue 30: an overdue reminder carries the invoice it reminds of.
    app.mail.attach('payment-reminder', (payload) => service.attachmentFor(payload as OrderFacts));
    app.decorate('invoices', service);
  },
  { name: 'invoices', dependencies: ['database', 'orders', 'mail'] },
);

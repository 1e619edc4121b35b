import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import type { Caller } from '../../plugins/access.ts';
import { SHOP_NAME } from '../mail/mail-plugin.ts';
import { renderInvoicePdf, type InvoiceFacts } from './invoice-pdf.ts';
import { INVOICE_FACTS } from '../orders/order-facts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: {
      /** The invoice PDF of a paid order, for its owner or an admin; 404 before payment. */
      pdfFor(caller: Caller, orderId: string): Promise<{ invoiceNumber: string; pdf: Buffer }>;
    };
  }
}

/** Invoices: numbered with the payment (orders/order-json.ts, MARK_ORDER_PAID), drawn on demand. */
export const invoicesPlugin = fp(
  async (app: FastifyInstance) => {
    const seller = { shopName: SHOP_NAME, publicUrl: app.config.publicUrl };
    app.decorate('invoices', {
      async pdfFor(caller: Caller, orderId: string) {
        await app.orders.service.orderFor(caller, orderId, 'admin-allowed');
        const [row] = await preparedQuery<{ facts: InvoiceFacts }>(app.db, 'invoice_facts', INVOICE_FACTS, [orderId]);
        if (!row?.facts.invoiceNumber) throw notFound('Invoice');
        return { invoiceNumber: row.facts.invoiceNumber, pdf: await renderInvoicePdf(row.facts, seller) };
      },
    });
  },
  { name: 'invoices', dependencies: ['database', 'orders', 'mail'] },
);

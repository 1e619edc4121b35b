import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { OrderFacts } from '../orders/order-facts.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import { renderInvoicePdf, type Seller } from './invoice-pdf.ts';

/** Invoices: drawn on demand from a paid order's facts, for the download and for the payment e-mail. */
export function createInvoicesService(deps: { orders: Pick<OrdersService, 'factsFor'>; seller: Seller }) {
  const { orders, seller } = deps;
  return {
    /** The invoice PDF of a paid order, for its owner or an admin; 404 before payment. */
    async pdfFor(caller: Caller, orderId: string): Promise<{ invoiceNumber: string; pdf: Buffer }> {
      const facts = await orders.factsFor(caller, orderId);
      if (!facts.invoiceNumber) throw notFound('Invoice');
      return { invoiceNumber: facts.invoiceNumber, pdf: await renderInvoicePdf(facts, seller) };
    },

    /** The invoice attached to the payment e-mail, from the facts its outbox row was written with. */
    async attachmentFor(facts: OrderFacts) {
      return [
        {
          filename: `${facts.invoiceNumber}.pdf`,
          content: await renderInvoicePdf(facts, seller),
          contentType: 'application/pdf',
        },
      ];
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

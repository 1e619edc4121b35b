import type { Order } from '@torque/contract';
import { notFound } from '../../lib/errors.ts';
import { assertReader, type Caller } from '../../plugins/access.ts';
import type { OrderFacts } from '../orders/order-facts.ts';
import { creditNoteDocumentOf, invoiceDocumentOf, type CreditNoteFacts, type SellerInfo } from './invoice-document.ts';
import { renderDocumentPdf } from './invoice-pdf.ts';
import type { DocumentRow, InvoicesRepository } from './invoices-repository.ts';

/** The payload of a credit note's e-mail: the order's facts and the note's number and time. */
export interface CreditNoteMailPayload extends OrderFacts {
  creditNoteNumber: string;
  creditNoteIssuedAt: string;
}

const isOwner = (caller: Caller, email: string) => caller.email.toLowerCase() === email.toLowerCase();

/**
 * Invoices and credit notes (PRODUCT.md "Invoices and credit notes"): drawn on demand from the
 * order's JSON (invoice-document.ts, invoice-pdf.ts), for the downloads and for the e-mails.
 */
export function createInvoicesService(deps: {
  repository: InvoicesRepository;
  seller: SellerInfo;
  /** Whether the account is a member of the order's company, who may read its documents (issue 30). */
  companyReader?: (orderId: string, userId: string) => Promise<boolean>;
}) {
  const { repository, seller } = deps;
  const extrasOf = (row: DocumentRow) => ({ buyerName: row.buyerName, buyerTaxId: row.buyerTaxId });
  const orderOf = (row: DocumentRow) => JSON.parse(row.json) as Order;

  const invoicePdf = async (row: DocumentRow) =>
    renderDocumentPdf(invoiceDocumentOf(orderOf(row), seller, extrasOf(row)));
  const creditNotePdf = async (row: DocumentRow, note: CreditNoteFacts) =>
    renderDocumentPdf(creditNoteDocumentOf(orderOf(row), seller, extrasOf(row), note));

  const companyMember = (caller: Caller, orderId: string) => async () =>
    (await deps.companyReader?.(orderId, caller.userId)) ?? false;

  /**
   * The order, for the caller: its owner, an admin or a member of its company (`others`: what
   * anybody else is told).
   */
  async function rowFor(caller: Caller, orderId: string, others: 'forbidden' | 'not-found'): Promise<DocumentRow> {
    const row = await repository.documentRow(orderId);
    if (!row) throw notFound('Order');
    const member = companyMember(caller, orderId);
    if (others === 'not-found' && !isOwner(caller, row.email) && caller.role !== 'admin' && !(await member()))
      throw notFound('Credit note');
    await assertReader(caller, row.email, member);
    return row;
  }

  return {
    /** The invoice PDF of a paid order, for its owner or an admin (403 for others); 404 before payment. */
    async pdfFor(caller: Caller, orderId: string): Promise<{ invoiceNumber: string; pdf: Buffer }> {
      const row = await rowFor(caller, orderId, 'forbidden');
      const invoiceNumber = orderOf(row).invoiceNumber;
      if (!invoiceNumber) throw notFound('Invoice');
      return { invoiceNumber, pdf: await invoicePdf(row) };
    },

    /** A credit note's PDF, for the order's owner or an admin; 404 for anybody else and for a number the order has not. */
    async creditNotePdfFor(caller: Caller, orderId: string, number: string): Promise<Buffer> {
      const row = await rowFor(caller, orderId, 'not-found');
      const note = await repository.creditNote(orderId, number);
      if (!note) throw notFound('Credit note');
      return creditNotePdf(row, note);
    },

    /** The invoice attached to the payment e-mail: drawn from the order as it is (an invoice does not change once issued). */
    async attachmentFor(facts: OrderFacts) {
      const row = await repository.documentRow(facts.orderId);
      if (!row) throw new Error(`order ${facts.orderId} of invoice ${facts.invoiceNumber} is gone`);
      return [
        { filename: `${facts.invoiceNumber}.pdf`, content: await invoicePdf(row), contentType: 'application/pdf' },
      ];
    },

    /** The credit note attached to its e-mail. */
    async creditNoteAttachmentFor(payload: CreditNoteMailPayload) {
      const row = await repository.documentRow(payload.orderId);
      if (!row) throw new Error(`order ${payload.orderId} of credit note ${payload.creditNoteNumber} is gone`);
      const pdf = await creditNotePdf(row, { number: payload.creditNoteNumber, issuedAt: payload.creditNoteIssuedAt });
      return [{ filename: `${payload.creditNoteNumber}.pdf`, content: pdf, contentType: 'application/pdf' }];
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

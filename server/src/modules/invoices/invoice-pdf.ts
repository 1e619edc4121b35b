import { formatCents } from '../../lib/money.ts';
import { drawableFacts, shippingText, type OrderFacts, type OrderFactsLine } from '../orders/order-facts.ts';

/** What an invoice is drawn from: the paid order's facts (orders/order-facts.ts). */
export type InvoiceFacts = OrderFacts;

export interface Seller {
  shopName: string;
  publicUrl: string;
}

const day = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : '');

type Doc = PDFKit.PDFDocument;

/**
 * An order of several parts (issue 27): one block per line, in the order's line order, each with
 * its part number, quantity, unit price and line total. Blocks of text rather than a ruled table:
 * names are long and wrap, and pdfkit moves to a new page by itself when a block reaches the
 * bottom margin, so a 200-line order is as many pages as it needs.
 */
function drawLines(doc: Doc, lines: readonly OrderFactsLine[]): void {
  doc.font('Helvetica-Bold').text(`Items (${lines.length})`);
  lines.forEach((line, i) => {
    doc.font('Helvetica-Bold').text(`${i + 1}. ${line.name}`);
    doc
      .font('Helvetica')
      .text(
        `Part number: ${line.partNumber ?? '-'}   Quantity: ${line.quantity}   ` +
          `Unit price: ${formatCents(line.unitPriceCents)}   Line total: ${formatCents(line.totalCents)}`,
      );
  });
}

/**
 * The invoice of a paid order as a PDF (pdfkit with its built-in Helvetica: nothing downloaded,
 * no font files of ours), its texts clipped (`drawableFacts`): ~20 ms with every field at its
 * longest (docs/PERFORMANCE.md, "Invoice PDF"). pdfkit is imported on first use, and kept out of the production bundle
 * (server/build.ts) because it reads its font metrics from its own folder.
 */
export async function renderInvoicePdf(stored: InvoiceFacts, seller: Seller): Promise<Buffer> {
  const facts = drawableFacts(stored);
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${facts.invoiceNumber ?? ''}`, Author: seller.shopName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('INVOICE');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Invoice number: ${facts.invoiceNumber ?? ''}`);
  doc.text(`Invoice date: ${day(facts.paidAt)}`);
  doc.text(`Order: ${facts.orderId}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Seller');
  doc.font('Helvetica').text(seller.shopName).text(seller.publicUrl);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica');
  if (facts.buyerName) doc.text(facts.buyerName);
  doc.text(facts.email).text(facts.address);
  if (facts.phone) doc.text(facts.phone);
  doc.moveDown();

  const lines = facts.lines ?? [];
  if (lines.length > 1) drawLines(doc, lines);
  else {
    // One part (every order before carts, and most since): drawn as it always was.
    doc.font('Helvetica-Bold').text('Item');
    doc.font('Helvetica');
    doc.text(`Part: ${facts.partName}`);
    if (facts.partNumber) doc.text(`Part number: ${facts.partNumber}`);
    doc.text(`Quantity: ${facts.quantity}`);
    doc.text(`Unit price: ${formatCents(facts.unitPriceCents)}`);
  }
  if (facts.shipping) {
    // Issue 28: the shipping line, part of the total the payment charged.
    doc.moveDown(0.5);
    doc.font('Helvetica').text(shippingText(facts.shipping, formatCents));
  }
  doc.moveDown(0.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`Total: ${formatCents(facts.totalCents)}`);
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Paid on ${day(facts.paidAt)}, payment id: ${facts.paymentId ?? ''}`);

  doc.end();
  return done;
}

import { formatCents } from '../../lib/money.ts';
import type { DocumentParty, InvoiceDocument } from './invoice-document.ts';

type Doc = PDFKit.PDFDocument;

/**
 * The shop's logo, web/public/favicon.svg (a 32 × 32 rounded square with a gear), as pdfkit
 * vector commands: no image file is read at run time. test/invoices.test.ts checks these are the
 * SVG's own shapes.
 */
export const LOGO = {
  size: 32,
  background: '#0f172a',
  radius: 7,
  gear: '#f59e0b',
  path: 'M25.4 15L28.5 16.3L28.2 18.8L24.9 19.3L23.4 22L24.7 25L22.6 26.6L20 24.6L17 25.4L15.7 28.5L13.2 28.2L12.7 24.9L10 23.4L7 24.7L5.4 22.6L7.4 20L6.6 17L3.5 15.7L3.8 13.2L7.1 12.7L8.6 10L7.3 7L9.4 5.4L12 7.4L15 6.6L16.3 3.5L18.8 3.8L19.3 7.1L22 8.6L25 7.3L26.6 9.4L24.6 12ZM20.2 16a4.2 4.2 0 1 0 -8.4 0a4.2 4.2 0 1 0 8.4 0Z',
} as const;

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 }; // A4
const CONTENT = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const FONT = 9;
/** The table's columns: x offset and width, in points. */
const COLUMNS = [
  { key: 'partNumber', title: 'Part no.', width: 72, align: 'left' },
  { key: 'description', title: 'Description', width: 151, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 32, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 60, align: 'right' },
  { key: 'net', title: 'Net', width: 64, align: 'right' },
  { key: 'rate', title: 'Rate', width: 50, align: 'right' },
  { key: 'tax', title: 'Tax', width: 66, align: 'right' },
] as const;
type Column = (typeof COLUMNS)[number]['key'];
const GAP = 4;
/** The tallest a row can be: three lines of the description, and its spacing. */
const ROW_MAX = 3 * 11 + 4;

/** A rate as people read it: 19 %, 8.875 %. */
export const ratePercent = (rate: number) => `${Number(rate.toFixed(3))} %`;

function drawLogo(doc: Doc, x: number, y: number, size: number): void {
  const scale = size / LOGO.size;
  doc.save().translate(x, y).scale(scale);
  doc.roundedRect(0, 0, LOGO.size, LOGO.size, LOGO.radius).fill(LOGO.background);
  doc.path(LOGO.path).fill(LOGO.gear, 'even-odd');
  doc.restore();
}

/** Draws `text` at (x, y) within `width`, at most `maxLines` lines (cut with an ellipsis); answers its height. */
function boxed(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  options: PDFKit.Mixins.TextOptions = {},
  maxLines = 3,
): number {
  const lineHeight = doc.currentLineHeight(true);
  const height = Math.min(doc.heightOfString(text, { width, ...options }), lineHeight * maxLines);
  doc.text(text, x, y, { width, height: height + 0.5, ellipsis: true, ...options });
  return height;
}

function drawParty(doc: Doc, heading: string, party: DocumentParty, x: number, y: number, width: number): number {
  let at = y;
  doc.font('Helvetica-Bold').fontSize(FONT).fillColor('#555555');
  at += boxed(doc, heading.toUpperCase(), x, at, width, {}, 1) + 2;
  doc.fillColor('#000000').fontSize(10);
  // A name is drawn whole (at most 100 characters: up to 5 lines of the widest letter).
  at += boxed(doc, party.name, x, at, width, {}, 5);
  doc.font('Helvetica').fontSize(FONT);
  if (party.company) at += boxed(doc, party.company, x, at, width, {}, 2);
  for (const line of party.addressLines) at += boxed(doc, line, x, at, width, {}, 2);
  if (party.email) at += boxed(doc, party.email, x, at, width, {}, 1);
  for (const taxId of party.taxIds) at += boxed(doc, `Tax number: ${taxId}`, x, at, width, {}, 1);
  if (party.registration) at += boxed(doc, party.registration, x, at, width, {}, 3);
  return at;
}

function cellsOf(line: InvoiceDocument['lines'][number]): Record<Column, string> {
  return {
    partNumber: line.partNumber ?? '',
    description: line.description,
    quantity: String(line.quantity),
    unit: formatCents(line.unitCents),
    net: formatCents(line.netCents),
    rate: line.rate === null ? '–' : ratePercent(line.rate),
    tax: line.taxCents === null ? '–' : formatCents(line.taxCents),
  };
}

/** The columns drawn on one line (numbers, the rate): no wrapping to lay out. */
const ONE_LINE: ReadonlySet<Column> = new Set(['quantity', 'unit', 'net', 'rate', 'tax']);

/**
 * Draws one row of the table at `y`; answers its height. The description (and a long part number)
 * wrap within their cells, at most three lines (two); the numbers are one line each.
 */
function drawRow(doc: Doc, cells: Record<Column, string>, y: number, bold = false, listUnitCents?: number): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT);
  let x = MARGIN;
  let height = doc.currentLineHeight(true);
  if (listUnitCents !== undefined) height = drawListPrice(doc, listUnitCents, y + height);
  for (const column of COLUMNS) {
    const width = column.width - GAP;
    if (ONE_LINE.has(column.key)) doc.text(cells[column.key], x, y, { width, align: column.align, lineBreak: false });
    else
      height = Math.max(
        height,
        boxed(doc, cells[column.key], x, y, width, { align: column.align }, column.key === 'description' ? 3 : 2),
      );
    x += column.width;
  }
  return height;
}

/**
 * Issue 30 (PRODUCT.md §25): under a price-list buyer's unit price, the public price it was placed
 * beside, smaller and struck through ("list $8.90"); answers the row's height with it.
 */
function drawListPrice(doc: Doc, listUnitCents: number, y: number): number {
  const unit = COLUMNS.findIndex((c) => c.key === 'unit');
  const x = MARGIN + COLUMNS.slice(0, unit).reduce((sum, c) => sum + c.width, 0);
  const first = doc.currentLineHeight(true);
  doc.fontSize(FONT - 2).fillColor('#555555');
  doc.text(`list ${formatCents(listUnitCents)}`, x, y, {
    width: COLUMNS[unit]!.width - GAP,
    align: 'right',
    lineBreak: false,
    strike: true,
  });
  const height = first + doc.currentLineHeight(true);
  doc.fontSize(FONT).fillColor('#000000');
  return height;
}

const HEADER_CELLS = Object.fromEntries(COLUMNS.map((c) => [c.key, c.title])) as Record<Column, string>;

function drawTableHeader(doc: Doc, y: number): number {
  const height = drawRow(doc, HEADER_CELLS, y, true);
  doc
    .moveTo(MARGIN, y + height + 2)
    .lineTo(MARGIN + CONTENT, y + height + 2)
    .lineWidth(0.7)
    .stroke('#333333');
  return y + height + 6;
}

/** The table of lines: the header repeated at the top of every page it runs onto. */
function drawTable(doc: Doc, document: InvoiceDocument, startY: number): number {
  let y = drawTableHeader(doc, startY);
  for (const line of document.lines) {
    const cells = cellsOf(line);
    // At most three lines of 9 pt: a row that could not fit starts the next page.
    if (y + ROW_MAX > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN);
    }
    y += drawRow(doc, cells, y, false, line.listUnitCents) + 4;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke('#999999');
  return y + 6;
}

/** The totals: net, per rate (net and tax), total tax and gross, right-aligned under the table. */
function drawTotals(doc: Doc, document: InvoiceDocument, startY: number): number {
  const credit = document.kind === 'credit-note';
  const rows: { label: string; value: string; bold?: boolean }[] = [
    { label: credit ? 'Total net credited' : 'Total net', value: formatCents(document.netCents) },
    ...document.rateTotals.map((r) => ({
      label: `Tax ${ratePercent(r.rate)} on ${formatCents(r.netCents)}`,
      value: formatCents(r.taxCents),
    })),
    ...(document.rateTotals.length
      ? [{ label: credit ? 'Total tax credited' : 'Total tax', value: formatCents(document.taxCents) }]
      : []),
    { label: credit ? 'Total credited' : 'Total', value: formatCents(document.grossCents), bold: true },
  ];
  let y = startY;
  const labelX = MARGIN + CONTENT - 300;
  for (const row of rows) {
    if (y + 16 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(row.bold ? 11 : FONT + 1);
    doc.text(row.label, labelX, y, { width: 200, align: 'right', lineBreak: false });
    doc.text(row.value, labelX + 200, y, { width: 100, align: 'right', lineBreak: false });
    y += row.bold ? 16 : 13;
  }
  return y;
}

/**
 * An invoice or a credit note (invoice-document.ts) as an A4 PDF: the shop's logo and legal
 * name, the document's title, number and dates, the seller's and the buyer's blocks side by side,
 * a table of lines (part number, description, quantity, unit price, net, rate, tax; the header
 * repeated on every page a long order runs onto), the totals per rate, the exemption note.
 * pdfkit with its built-in Helvetica (nothing downloaded, no font files of ours); texts arrive
 * clipped, and each cell is drawn within its box (at most three lines), so a 200-line order or the
 * longest stored name costs a bounded time (docs/PERFORMANCE.md, "Invoice PDF"). pdfkit is
 * imported on first use and kept out of the production bundle (server/build.ts) because it reads
 * its font metrics from its own folder.
 */
export async function renderDocumentPdf(document: InvoiceDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${document.number}`,
      Author: document.seller.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Head: the logo and the seller's name on the left, the title, number and dates on the right.
  drawLogo(doc, MARGIN, MARGIN, 40);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000');
  boxed(doc, document.seller.name, MARGIN + 50, MARGIN + 12, 160, {}, 2);
  doc.font('Helvetica-Bold').fontSize(20);
  doc.text(document.title, MARGIN + 220, MARGIN, { width: CONTENT - 220, align: 'right', lineBreak: false });
  let metaY = MARGIN + 28;
  const meta = [
    { label: document.kind === 'invoice' ? 'Invoice number' : 'Credit note number', value: document.number },
    { label: 'Issue date', value: document.issueDate },
    { label: 'Date of supply', value: document.supplyDate },
    ...document.references,
  ];
  for (const { label, value } of meta) {
    doc.font('Helvetica').fontSize(FONT);
    doc.text(`${label}:`, MARGIN + 215, metaY, { width: 85, align: 'right', lineBreak: false });
    // An id (a payment's, an order's) is one token: a smaller size keeps it on one line rather
    // than breaking it where a reader would copy half of it.
    doc.font('Helvetica-Bold');
    const width = CONTENT - 305;
    const natural = doc.widthOfString(value);
    if (natural > width) doc.fontSize(Math.max(6, (FONT * width) / natural));
    metaY += boxed(doc, value, MARGIN + 305, metaY, width, { align: 'right' }, 2) + 2;
    doc.fontSize(FONT);
  }

  // The parties, side by side.
  const partiesY = Math.max(MARGIN + 60, metaY) + 16;
  const half = (CONTENT - 20) / 2;
  const sellerEnd = drawParty(doc, 'Seller', document.seller, MARGIN, partiesY, half);
  const buyerEnd = drawParty(
    doc,
    document.kind === 'invoice' ? 'Bill to' : 'Credited to',
    document.buyer,
    MARGIN + half + 20,
    partiesY,
    half,
  );

  const shipToEnd = document.shipTo
    ? drawParty(doc, 'Ship to', document.shipTo, MARGIN + half + 20, buyerEnd + 12, half)
    : buyerEnd;

  let y = drawTable(doc, document, Math.max(sellerEnd, shipToEnd) + 24);
  y = drawTotals(doc, document, y);

  doc
    .font('Helvetica')
    .fontSize(FONT + 1)
    .fillColor('#000000');
  for (const sentence of [document.note, document.footer]) {
    if (!sentence) continue;
    if (y + 30 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    y += 8;
    y += boxed(doc, sentence, MARGIN, y, CONTENT, {}, 4);
  }

  doc.end();
  return done;
}

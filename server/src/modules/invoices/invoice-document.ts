import {
  lineTaxCents,
  PART_NUMBER_MAX,
  PO_NUMBER_MAX,
  TEXT_MAX,
  type Order,
  type PostalAddress,
} from '@torque/contract';
import { clip } from '../../lib/clip.ts';
import { postalLines } from '../../lib/postal-lines.ts';
import { toCents } from '../../lib/money.ts';

/**
 * What an invoice or a credit note says (issue 29, PRODUCT.md "Invoices and credit notes"), as
 * data: built by pure functions from the order's API JSON (the contract's `order`, the one
 * definition of an order's amounts and tax), the seller's configuration and the extras the JSON
 * does not carry; drawn by invoice-pdf.ts. Every text is clipped to its field's rule here, so
 * drawing costs a bounded time whatever was stored (issue 24).
 *
 * The EU's invoice fields (Directive 2006/112/EC, Art. 226) and where each comes from:
 * issue date and number (the payment's date and INV- number; the refund's date and CN- number),
 * both parties' names, addresses and tax numbers (SHOP_* configuration; the order's billing
 * address, else its shipping address, else its free-text address, and the buyer's tax number
 * when the order has one), the date of supply (see `supplyDate`), quantity and description per
 * line, net per rate, rate, tax per rate, gross, and the exemption note (`order.tax.note`).
 */

/** The seller, from configuration (config.ts SHOP_*). */
export interface SellerInfo {
  legalName: string;
  /** Lines, from SHOP_ADDRESS split at commas or newlines. */
  address: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Comma-separated when several (SHOP_TAX_ID). */
  taxId: string | null;
  registration: string | null;
  publicUrl: string;
}

/** What the order's JSON does not carry: the account's name, and the buyer's tax number when the order stores one. */
export interface DocumentExtras {
  buyerName: string | null;
  /** The buyer's VAT number as the order recorded it (the tax module's `buyer_tax_id`), or null. */
  buyerTaxId: string | null;
}

export interface DocumentParty {
  name: string;
  /** Company, when it differs from the name. */
  company: string | null;
  addressLines: string[];
  email: string | null;
  taxIds: string[];
  registration: string | null;
}

export interface DocumentLine {
  partNumber: string | null;
  description: string;
  quantity: number;
  unitCents: number;
  /**
   * Issue 30 (PRODUCT.md §25): the public price for the quantity when placed, only where the
   * buyer's price list made `unitCents` lower (drawn struck through under it).
   */
  listUnitCents?: number;
  netCents: number;
  /** Percent; null when the order records no tax (orders before tax) or several rates without the line's. */
  rate: number | null;
  taxCents: number | null;
}

export interface RateTotal {
  rate: number;
  netCents: number;
  taxCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  title: string;
  number: string;
  /** YYYY-MM-DD (UTC). */
  issueDate: string;
  supplyDate: string;
  /** Further references: the order, the payment, the invoice a credit note credits. */
  references: { label: string; value: string }[];
  seller: DocumentParty;
  buyer: DocumentParty;
  /** Where the goods went, when the order has a shipping address other than the one billed. */
  shipTo: DocumentParty | null;
  lines: DocumentLine[];
  /** Per rate, as the order's tax lines; empty for orders placed before tax (no tax row is invented). */
  rateTotals: RateTotal[];
  netCents: number;
  taxCents: number;
  grossCents: number;
  note: string | null;
  /** A sentence under the totals (a credit note's "credited to the original payment"). */
  footer: string | null;
}

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().slice(0, 10) : '');
const ADDRESS_LINE_MAX = 200;

/** The seller's address lines: SHOP_ADDRESS split at commas or newlines. */
export function sellerAddressLines(address: string): string[] {
  return address
    .split(/\s*(?:\n|\\n|,)\s*/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => clip(l, ADDRESS_LINE_MAX));
}

function sellerParty(seller: SellerInfo): DocumentParty {
  return {
    name: clip(seller.legalName, 200),
    company: null,
    addressLines: [...sellerAddressLines(seller.address), `Country: ${seller.country}`],
    email: null,
    taxIds: (seller.taxId ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => clip(t, 40)),
    registration: seller.registration ? clip(seller.registration, 300) : null,
  };
}

/** The address as its country writes it (lib/postal-lines.ts), each line clipped for the page. */
const postalLinesOf = (a: PostalAddress): string[] => postalLines(a).map((l) => clip(l, ADDRESS_LINE_MAX));

/** The shipping address, when it is not the address the buyer block already shows. */
function shipToParty(order: Order): DocumentParty | null {
  const shipping = order.shippingAddress;
  const billing = order.billingAddress;
  if (!shipping || !billing) return null;
  const same =
    shipping.name === billing.name &&
    shipping.company === billing.company &&
    postalLinesOf(shipping).join('\n') === postalLinesOf(billing).join('\n');
  if (same) return null;
  return {
    name: clip(shipping.name, ADDRESS_LINE_MAX),
    company: shipping.company ? clip(shipping.company, ADDRESS_LINE_MAX) : null,
    addressLines: postalLinesOf(shipping),
    email: null,
    taxIds: [],
    registration: null,
  };
}

/** The buyer: the billing address when the order has one, else the shipping address, else its free-text address. */
function buyerParty(order: Order, extras: DocumentExtras): DocumentParty {
  const postal = order.billingAddress ?? order.shippingAddress;
  const accountName = extras.buyerName ? clip(extras.buyerName, TEXT_MAX.accountName) : null;
  const name = postal ? clip(postal.name, ADDRESS_LINE_MAX) : (accountName ?? clip(order.email, TEXT_MAX.email));
  return {
    name,
    company: postal?.company ? clip(postal.company, ADDRESS_LINE_MAX) : null,
    addressLines: postal
      ? postalLinesOf(postal)
      : clip(order.address, TEXT_MAX.address)
          .split(/\s*\n\s*/)
          .filter(Boolean),
    email: clip(order.email, TEXT_MAX.email),
    taxIds: extras.buyerTaxId ? [clip(extras.buyerTaxId, 40)] : [],
    registration: null,
  };
}

/**
 * The document's lines: the order's lines, then its shipping line. Each line's rate is the
 * order's one rate when it has exactly one (rates go by destination, so an order's lines share
 * it), or the line's own `rate` when the order JSON carries one; its tax is `lineTaxCents`, the
 * contract's one rounding rule, so the lines add up to the per-rate tax. An order without tax
 * lines (placed before tax) shows no rate and no tax: nothing is invented for it.
 */
function documentLines(order: Order): DocumentLine[] {
  const rates = order.tax.lines;
  const rateOf = (own: unknown): number | null =>
    typeof own === 'number' ? own : rates.length === 1 ? rates[0]!.rate : null;
  const line = (
    partNumber: string | null,
    description: string,
    quantity: number,
    unit: number,
    net: number,
    own?: unknown,
    publicUnit?: number,
  ) => {
    const rate = rateOf(own);
    return {
      partNumber: partNumber ? clip(partNumber, PART_NUMBER_MAX) : null,
      description: clip(description, TEXT_MAX.partName),
      quantity,
      unitCents: toCents(unit),
      ...(publicUnit !== undefined && publicUnit > unit && { listUnitCents: toCents(publicUnit) }),
      netCents: toCents(net),
      rate,
      taxCents: rate === null ? null : lineTaxCents(toCents(net), rate),
    };
  };
  const parts = order.lines.length
    ? order.lines.map((l) =>
        line(l.partNumber, l.name, l.quantity, l.unitPrice, l.total, (l as { rate?: unknown }).rate, l.publicUnitPrice),
      )
    : [
        line(
          order.partNumber,
          order.name,
          order.quantity,
          order.unitPrice,
          Math.round(order.unitPrice * order.quantity * 100) / 100,
        ),
      ];
  const shipping = order.shipping
    ? [
        line(
          null,
          `Shipping: ${clip(order.shipping.name, 100)} (${order.shipping.weightGrams / 1000} kg)`,
          1,
          order.shipping.price,
          order.shipping.price,
          (order.shipping as { rate?: unknown }).rate,
        ),
      ]
    : [];
  return [...parts, ...shipping];
}

/** The amounts: per rate as the order's tax lines say, and its net, tax and gross. */
function amounts(order: Order) {
  return {
    rateTotals: order.tax.lines.map((l) => ({ rate: l.rate, netCents: toCents(l.net), taxCents: toCents(l.tax) })),
    netCents: toCents(order.net),
    taxCents: toCents(order.tax.total),
    grossCents: toCents(order.gross),
    note: order.tax.note ? clip(order.tax.note, 500) : null,
  };
}

/**
 * A paid order's invoice. Issue date: the payment's (the invoice is numbered in the paying
 * statement). Date of supply: the payment's too — the goods are paid in advance and the payment
 * is the chargeable event (Art. 65 of the VAT Directive); the invoice is issued once and does not
 * change when the order ships.
 */
export function invoiceDocumentOf(order: Order, seller: SellerInfo, extras: DocumentExtras): InvoiceDocument {
  if (order.account) return onAccountInvoiceOf(order, order.account, seller, extras);
  const paid = day(order.paidAt);
  return {
    kind: 'invoice',
    title: 'INVOICE',
    number: order.invoiceNumber ?? '',
    issueDate: paid,
    supplyDate: paid,
    references: [
      { label: 'Order', value: order._id },
      ...(order.paymentId ? [{ label: 'Payment', value: clip(order.paymentId, TEXT_MAX.paymentId) }] : []),
    ],
    seller: sellerParty(seller),
    buyer: buyerParty(order, extras),
    shipTo: shipToParty(order),
    lines: documentLines(order),
    ...amounts(order),
    footer: `Paid on ${paid}.`,
  };
}

/**
 * Issue 30 (PRODUCT.md §26): the invoice of an order on account, a sale on credit. It is issued
 * when the order is placed (numbered in the same transaction), so its issue date and date of
 * supply are the placing date; it states the terms, the buyer's PO number and the due date, and
 * "Due on …" where a paid invoice says "Paid on …" (once the shop recorded the payment, the day
 * the money arrived follows).
 */
function onAccountInvoiceOf(
  order: Order,
  account: NonNullable<Order['account']>,
  seller: SellerInfo,
  extras: DocumentExtras,
): InvoiceDocument {
  const issued = day(order.createdAt);
  return {
    kind: 'invoice',
    title: 'INVOICE',
    number: order.invoiceNumber ?? '',
    issueDate: issued,
    supplyDate: issued,
    references: [
      { label: 'Order', value: order._id },
      { label: 'Payment terms', value: `Net ${account.netDays}` },
      ...(account.poNumber ? [{ label: 'PO number', value: clip(account.poNumber, PO_NUMBER_MAX) }] : []),
      { label: 'Due date', value: account.dueOn },
    ],
    seller: sellerParty(seller),
    buyer: buyerParty(order, extras),
    shipTo: shipToParty(order),
    lines: documentLines(order),
    ...amounts(order),
    footer:
      `Payment terms: Net ${account.netDays}. Due on ${account.dueOn}.` +
      (account.paidOn ? ` Paid on ${account.paidOn}.` : ''),
  };
}

/** A credit note as stored (credit_notes): its number and when it was issued. */
export interface CreditNoteFacts {
  number: string;
  issuedAt: string;
}

/**
 * A credit note for a full refund: the invoice's lines and amounts, stated as credited (positive
 * amounts under the title CREDIT NOTE, "Total credited"), referencing the invoice it cancels.
 * Issue date: the refund's; date of supply: the original supply's (the invoice's).
 */
export function creditNoteDocumentOf(
  order: Order,
  seller: SellerInfo,
  extras: DocumentExtras,
  note: CreditNoteFacts,
): InvoiceDocument {
  const invoice = invoiceDocumentOf(order, seller, extras);
  return {
    ...invoice,
    kind: 'credit-note',
    title: 'CREDIT NOTE',
    number: note.number,
    issueDate: day(note.issuedAt),
    references: [{ label: 'Credits invoice', value: order.invoiceNumber ?? '' }, ...invoice.references],
    footer: `Refunded in full to the original payment on ${day(note.issuedAt)}.`,
  };
}

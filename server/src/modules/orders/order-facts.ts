import { PART_NUMBER_MAX, PO_NUMBER_MAX, TEXT_MAX } from '@torque/contract';
import { clip } from '../../lib/clip.ts';
/** One line of an order as its facts carry it (money in cents). */
export interface OrderFactsLine {
  partNumber: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** Issue 30: the public unit price for its quantity when placed; null or absent in older facts. */
  publicUnitPriceCents?: number | null;
}

/** Issue 30 (PRODUCT.md §26): an on-account order's terms as its facts carry them. */
export interface OrderFactsAccount {
  poNumber: string | null;
  netDays: number;
  /** YYYY-MM-DD. */
  dueOn: string;
}

/** An order's facts as `orderFactsOf` writes them (timestamps are ISO strings). */
export interface OrderFacts {
  orderId: string;
  email: string;
  buyerName: string | null;
  phone: string;
  address: string;
  partName: string;
  /** The part's number at order time; absent in facts written before part numbers (issue 26). */
  partNumber?: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  paymentId: string | null;
  invoiceNumber: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  /** Its lines in position order (issue 27); absent in facts written before order lines. */
  lines?: OrderFactsLine[];
  /** Its shipping line (issue 28): part of totalCents; null or absent without one. */
  shipping?: OrderFactsShipping | null;
  /** Issue 30: its terms when placed on account; null (card) or absent in older facts. */
  account?: OrderFactsAccount | null;
}

/** An order's shipping line as its facts carry it. */
export interface OrderFactsShipping {
  name: string;
  cents: number;
  weightGrams: number;
}

/** "Shipping (Standard (US), 12.5 kg): $9.99": the line the invoice and the e-mails show. */
export function shippingText(shipping: OrderFactsShipping, money: (cents: number) => string): string {
  return `Shipping (${shipping.name}, ${shipping.weightGrams / 1000} kg): ${money(shipping.cents)}`;
}

/**
 * The facts with every stored text clipped to its field's rule (contract TEXT_MAX): laying out
 * text costs pdfkit more than linear time in its length (a 40,000-character name took 11.6 s),
 * so what it draws is bounded whatever was stored (issue 24). The invoice PDF and the e-mails draw these.
 */
export function drawableFacts(facts: OrderFacts): OrderFacts {
  const optional = (text: string | null, max: number) => (text === null ? null : clip(text, max));
  return {
    ...facts,
    email: clip(facts.email, TEXT_MAX.email),
    buyerName: optional(facts.buyerName, TEXT_MAX.accountName),
    phone: clip(facts.phone, TEXT_MAX.phone),
    address: clip(facts.address, TEXT_MAX.address),
    partName: clip(facts.partName, TEXT_MAX.partName),
    partNumber: optional(facts.partNumber ?? null, PART_NUMBER_MAX),
    paymentId: optional(facts.paymentId, TEXT_MAX.paymentId),
    ...(facts.shipping && { shipping: { ...facts.shipping, name: clip(facts.shipping.name, 100) } }),
    ...(facts.account && {
      account: {
        netDays: Number(facts.account.netDays),
        dueOn: clip(String(facts.account.dueOn), 10),
        poNumber: optional(facts.account.poNumber ?? null, PO_NUMBER_MAX),
      },
    }),
    ...(facts.lines && {
      lines: facts.lines.map((line) => ({
        ...line,
        name: clip(line.name, TEXT_MAX.partName),
        partNumber: optional(line.partNumber, PART_NUMBER_MAX),
      })),
    }),
  };
}

/**
 * The facts a message or a document about an order needs, as one JSON object built from a row of
 * the orders table (or a CTE returning its columns) named `alias`. In-statement writers (the mail
 * outbox, order-events.ts) put it in the row they write, so a message and its invoice PDF are
 * rendered at delivery from what was true when the change happened. `lines` is the relation the
 * order's lines are read from (the placing statement's own CTE: it cannot see its inserts).
 */
export function orderFactsOf(alias: string, lines = 'order_lines'): string {
  return `json_build_object(
    'orderId', ${alias}.id,
    'email', ${alias}.email,
    'buyerName', (select u.name from "user" as u where u.id = ${alias}.user_id),
    'phone', ${alias}.phone,
    'address', ${alias}.address,
    'partName', ${alias}.name,
    'partNumber', ${alias}.part_number,
    'quantity', ${alias}.quantity,
    'unitPriceCents', ${alias}.unit_price_cents,
    'totalCents', ${alias}.total_cents,
    'paymentId', ${alias}.payment_id,
    'invoiceNumber', ${alias}.invoice_number,
    'createdAt', ${alias}.created_at,
    'paidAt', ${alias}.paid_at,
    'shippedAt', ${alias}.shipped_at,
    'shipping', case when ${alias}.shipping_method_name is not null then json_build_object(
      'name', ${alias}.shipping_method_name, 'cents', ${alias}.shipping_cents,
      'weightGrams', ${alias}.shipping_weight_grams) end,
    'account', case when ${alias}.payment_method = 'account' then json_build_object(
      'poNumber', ${alias}.po_number, 'netDays', ${alias}.net_days, 'dueOn', to_char(${alias}.due_on, 'YYYY-MM-DD')) end,
    'lines', (select coalesce(json_agg(json_build_object(
        'partNumber', ol.part_number, 'name', ol.name, 'quantity', ol.quantity,
        'unitPriceCents', ol.unit_price_cents, 'totalCents', ol.total_cents,
        'publicUnitPriceCents', ol.public_unit_price_cents) order by ol.position), '[]'::json)
      from ${lines} as ol where ol.order_id = ${alias}.id)
  )`;
}

/** $1: order id. Its owner's e-mail and its facts as they are now. */
export const ORDER_FACTS = `
  select o.email, ${orderFactsOf('o')} as "facts" from orders as o where o.id = $1::uuid`;

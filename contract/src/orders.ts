import { z } from 'zod';
import { id, text, TEXT_MAX, wholeNumber } from './common.ts';
import { postalAddress } from './addresses.ts';
import { pageQuery } from './paging.ts';
import { orderShipping } from './shipping.ts';
import { creditNoteRef, orderTax } from './tax.ts';
import { orderAccount, PAYMENT_METHODS } from './account.ts';

// The quantity rules, without zod (the cart page imports them alone).
export * from './quantity-rule.ts';

/**
 * One line of an order, copied when it was placed (issue 27): a later edit or deletion of the part
 * changes no placed order. `partId` is null once the part is deleted.
 */
export const orderLine = z.object({
  partId: id.nullable(),
  partNumber: z.string().nullable(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Dollars, what one unit was sold at. */
  unitPrice: z.number(),
  /** Dollars: unitPrice × quantity. */
  total: z.number(),
  /**
   * Issue 30 (PRODUCT.md §25): dollars, the public price for this quantity when it was placed,
   * present only when the buyer's price list made `unitPrice` lower (struck through beside it).
   */
  publicUnitPrice: z.number().optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/**
 * An order. The spec's fields keep their meaning for a one-line order (PRODUCT.md §3); for several
 * lines `partId`, `unitPrice`, `partNumber`, `img` and `des` are the first line's, `quantity` the
 * units of all lines, `price` the order total and `name` a summary ("Brake Pad Set and 4 more
 * parts"); `lines` carries the truth.
 */
export const order = z.object({
  _id: id,
  partId: id.nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  quantity: z.number().int(),
  /** Total in dollars: quantity × the part's unit price at order time. */
  price: z.number(),
  unitPrice: z.number(),
  name: z.string(),
  /** The part's number when the order was placed (null for orders placed before numbers existed). */
  partNumber: z.string().nullable(),
  img: z.string(),
  des: z.string(),
  payment: z.boolean(),
  paymentId: z.string().nullable(),
  /** INV-YYYY-NNNNNN, given with the payment (gap-free per calendar year); null before. */
  invoiceNumber: z.string().nullable(),
  /** 'shipped' once an admin ships it; null before (PRODUCT.md §3: truthy only when shipped). */
  status: z.literal('shipped').nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** When the hold on the stock ends unless paid (null: no expiry). */
  payBy: z.string().nullable(),
  /** Set when the hold ended unpaid and the units went back to stock; the order can no longer be paid. */
  expiredAt: z.string().nullable(),
  /** A payment that arrived after expiry, when the stock was gone, was given back. */
  refundedAt: z.string().nullable(),
  lines: z.array(orderLine),
  /**
   * Copies of the addresses the order was placed with (issue 28): an edit or deletion in the
   * address book changes no placed order. Null on orders placed with a free-text address only
   * (the spec's `POST /api/order`, orders from before the address book).
   */
  shippingAddress: postalAddress.nullable(),
  billingAddress: postalAddress.nullable(),
  /** The shipping line: its method, price (part of `price`) and the parcel's weight; null without one. */
  shipping: orderShipping.nullable(),
  /**
   * Tax (issue 29, PRODUCT.md "Tax"): `net` the lines and shipping before tax, `gross` = net + tax
   * = `price`, the amount to pay. Orders placed before tax existed have no tax: net = gross = price.
   */
  net: z.number(),
  gross: z.number(),
  tax: orderTax,
  /** Credit notes issued for this order (refunds), oldest first. */
  creditNotes: z.array(creditNoteRef),
  /** Issue 30 (PRODUCT.md §26): how it is paid; an on-account order's terms, PO, due date and payment. */
  paymentMethod: z.enum(PAYMENT_METHODS),
  account: orderAccount.nullable(),
});
export type Order = z.infer<typeof order>;

/** Body of `POST /api/order`. Old clients' email/price/name/img/des are stripped, never trusted. */
export const orderInput = z.object({
  partId: id,
  quantity: wholeNumber('Quantity', 1),
  phone: text('Phone', TEXT_MAX.phone),
  address: text('Address', TEXT_MAX.address),
});
export type OrderInput = z.input<typeof orderInput>;

/** Body of `PUT /api/order/:id` (PRODUCT.md §7): mark paid, checked with the payment provider. */
export const orderPayInput = z.object({
  payment: z.literal(true, { message: 'payment must be true' }),
  paymentId: text('paymentId', TEXT_MAX.paymentId),
});

/** Body of `PUT /api/orders/:id` (admin). */
export const orderShipInput = z.object({ status: z.literal('shipped', { message: "status must be 'shipped'" }) });

export const orderIdParams = z.object({ id });

/**
 * The statuses Manage All Orders filters by. One list, in display order: a new status (e.g.
 * "expired") is a new entry here and a new condition in the server's `statusCondition`.
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Query of `GET /api/orders` and `GET /api/orders/export.csv` (admin). */
export const ordersQuery = pageQuery.extend({
  status: z
    .enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` })
    .optional()
    .describe('unpaid: not paid yet; paid: paid, not shipped; shipped.'),
  q: z
    .string()
    .trim()
    .max(200, 'q must be at most 200 characters')
    .optional()
    .describe("Part of the customer's e-mail or of the part's name, case-insensitive."),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

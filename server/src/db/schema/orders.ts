import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from './catalogue.ts';
import { companies } from './companies.ts';
import { shippingMethods } from './shipping.ts';
import { timestamps } from './timestamps.ts';

/**
 * An order copies the part's name/img/description, number and unit price at order time, so later
 * catalogue edits or deletions never rewrite history. `email` is the owner's account email.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    name: text('name').notNull(),
    /** The part's number at order time (PRODUCT.md §17); null for orders placed before numbers. */
    partNumber: text('part_number'),
    img: text('img').notNull(),
    description: text('description').notNull(),
    /** The provider's open PaymentIntent for this order, reused instead of making a second. */
    paymentIntentId: text('payment_intent_id'),
    paymentId: text('payment_id'),
    /** INV-YYYY-NNNNNN, given out with the payment from invoice_counters (gap-free per year). */
    invoiceNumber: text('invoice_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** When the hold on its stock ends unless it is paid (ORDER_HOLD_MINUTES at placing); null: held until cancelled. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** Set once, by the hold sweep (modules/orders/hold-sweeper.ts), when its units went back to stock. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * The payment was given back: one that arrived after expiry and found no stock, or (issue 29)
     * a paid, unshipped order the shop refunded. modules/orders/order-states.ts.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Issue 28: copies of the addresses as they were at checkout (the contract's postalAddress),
     * and the shipping line. `total_cents` includes `shipping_cents`, so the payment charges it.
     * All null on orders without them (the spec's one-part order, older orders).
     */
    shippingAddress: jsonb('shipping_address'),
    billingAddress: jsonb('billing_address'),
    shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
    shippingMethodName: text('shipping_method_name'),
    shippingCents: integer('shipping_cents'),
    shippingWeightGrams: integer('shipping_weight_grams'),
    /**
     * Issue 29 (migration 0014): the order's tax, fixed at placing. `netCents` is goods + shipping
     * (null only on rows written without it: read as `total_cents - tax_cents`), `totalCents` the
     * gross (net + tax) and the amount to pay. `taxLines`: per rate, [{ rate (thousandths of a
     * percent), net, tax (cents) }]. Orders placed before the migration: net = total, no tax.
     */
    netCents: integer('net_cents'),
    taxCents: integer('tax_cents').notNull().default(0),
    taxLines: jsonb('tax_lines')
      .notNull()
      .default(sql`'[]'::jsonb`),
    taxNote: text('tax_note'),
    buyerTaxId: text('buyer_tax_id'),
    sellerTaxId: text('seller_tax_id'),
    taxCountry: text('tax_country'),
    taxRegion: text('tax_region'),
    /**
     * Issue 30 (migration 0018): the buyer's company when the order was placed (null: none), so
     * its members keep seeing it after the buyer leaves, and its open balance counts the order.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * Issue 30 (migration 0021, PRODUCT.md §26): 'card' or 'account'. An on-account order keeps
     * its terms (`netDays`), its due date (`dueOn`, the placing date in UTC + netDays) and its PO
     * number; the shop records its payment (`paymentRecordedAt`, `paymentReference`, `paidOn`);
     * overdue reminders are counted with the e-mail they queue.
     */
    paymentMethod: text('payment_method').notNull().default('card'),
    poNumber: text('po_number'),
    netDays: integer('net_days'),
    dueOn: date('due_on', { mode: 'string' }),
    paymentRecordedAt: timestamp('payment_recorded_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    paidOn: date('paid_on', { mode: 'string' }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('orders_email_idx').on(t.email),
    index('orders_user_id_idx').on(t.userId),
    // The sweep's question, "which holds have ended", reads only the orders still holding stock.
    index('orders_holding_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.paidAt} is null and ${t.expiredAt} is null`),
    uniqueIndex('orders_payment_intent_id_idx').on(t.paymentIntentId),
    uniqueIndex('orders_invoice_number_idx').on(t.invoiceNumber),
    index('orders_company_id_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    index('orders_shipping_method_id_idx')
      .on(t.shippingMethodId)
      .where(sql`${t.shippingMethodId} is not null`),
    index('orders_open_account_idx')
      .on(t.companyId)
      .where(sql`${t.paymentMethod} = 'account' and ${t.paidAt} is null and ${t.refundedAt} is null`),
    index('orders_account_due_idx')
      .on(t.dueOn)
      .where(sql`${t.paymentMethod} = 'account' and ${t.paidAt} is null and ${t.refundedAt} is null`),
    check('orders_payment_method', sql`${t.paymentMethod} in ('card', 'account')`),
    check(
      'orders_account_terms',
      sql`${t.paymentMethod} = 'card' or (${t.dueOn} is not null and ${t.netDays} is not null)`,
    ),
    check('orders_quantity_positive', sql`${t.quantity} >= 1`),
    check('orders_shipped_only_when_paid', sql`${t.shippedAt} is null or ${t.paidAt} is not null`),
    check('orders_paid_or_expired', sql`${t.paidAt} is null or ${t.expiredAt} is null`),
    check(
      'orders_refunded_only_when_expired_or_paid',
      sql`${t.refundedAt} is null or ${t.expiredAt} is not null or ${t.paidAt} is not null`,
    ),
  ],
);

/**
 * An order's lines (issue 27, migration 0011): each part of the order as it was when placed, in
 * the buyer's order (`position`, from 1). `partId` is null once the part is deleted. The order's
 * own part columns are the first line's; every stock move reads the lines.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    partNumber: text('part_number'),
    name: text('name').notNull(),
    img: text('img').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Issue 30 (migration 0022): the public price for the quantity when placed; null before 0022. */
    publicUnitPriceCents: integer('public_unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_part_id_idx').on(t.partId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('order_lines_position_positive', sql`${t.position} >= 1`),
  ],
);

/** PRODUCT.md §3's payment record, written once per payment id. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: text('payment_id').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  quantity: integer('quantity').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  ...timestamps,
});

/**
 * The sandbox provider's PaymentIntents. Stored in the database (not memory) so that several
 * server instances share them. Only brand and last 4 digits of a card are ever kept.
 */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  orderId: uuid('order_id').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'succeeded', 'canceled', 'refunded'],
  })
    .notNull()
    .default('requires_payment_method'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  lastError: text('last_error'),
  ...timestamps,
});

import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { orderMessages, quantityRefusal, type Order, type OrderStatus } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import {
  ALL_ORDERS_JSON,
  CANCEL_UNPAID_ORDER,
  MARK_ORDER_PAID,
  ORDER_EXPORT_COLUMNS,
  ORDER_PAGE_COLUMNS,
  ORDER_BY_ID,
  ORDERS_OF_EMAIL_JSON,
  PLACE_ORDER_JSON,
  PLACEMENT_FACTS,
  RECORD_PAYMENT,
  SHIP_PAID_ORDER,
} from './order-json.ts';

/** Stripe's ceiling for one charge; beyond it an order could never be paid (nor fit its column). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** What the services decide on, beside the order's API JSON (`order-json.ts`, the one definition). */
export interface StoredOrder {
  id: string;
  email: string;
  partId: string | null;
  totalCents: number;
  paymentIntentId: string | null;
  paymentId: string | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  payBy: Date | null;
  expiredAt: Date | null;
  refundedAt: Date | null;
  /** The contract's `order`, as PostgreSQL wrote it. */
  json: string;
}

export interface NewOrder {
  userId: string;
  email: string;
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

/** The result of recording a payment: the first confirmation pays, later ones are replays. */
export type PaymentOutcome =
  | { kind: 'paid'; order: Order }
  | { kind: 'replay'; order: Order }
  | { kind: 'paid-by-another'; order: Order }
  /** The hold ended first: the payment needs the stock again, or a refund (order-holds.ts). */
  | { kind: 'expired'; order: Order }
  | { kind: 'no-order' };

const parseOrder = (json: string): Order => JSON.parse(json) as Order;

/** The admin lists' filters (`GET /api/orders`, the CSV export). */
export interface OrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
}

/**
 * Each status as a condition on `listed`. A new status (e.g. expired) is one more case here and
 * one more entry in the contract's ORDER_STATUSES.
 */
function statusCondition(status: OrderStatus): SQL {
  switch (status) {
    case 'unpaid':
      return sql`listed.paid_at is null`;
    case 'paid':
      return sql`listed.paid_at is not null and listed.shipped_at is null`;
    case 'shipped':
      return sql`listed.shipped_at is not null`;
  }
}

function filterCondition(filter: OrdersFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.q) {
    const like = containsPattern(filter.q);
    conditions.push(sql`(lower(listed.email) like ${like} or lower(listed.name) like ${like})`);
  }
  return sql.join(conditions, sql` and `);
}

/** The admin lists' order, newest first, and its keyset (index orders_created_at_id). */
export const ORDER_KEY: KeyColumn[] = [
  { expr: sql`listed.created_at`, type: 'timestamptz', desc: true },
  { expr: sql`listed.id`, type: 'uuid', desc: true },
];
export const ORDER_KEY_PATTERNS = [KEY_PATTERNS.timestamp, KEY_PATTERNS.uuid];

/** One row of the CSV export, as ORDER_EXPORT_COLUMNS names them. */
export interface OrderExportRow {
  id: string;
  created: string;
  email: string;
  phone: string;
  address: string;
  part: string;
  quantity: number;
  unitPrice: string;
  total: string;
  paidAt: string | null;
  paymentId: string | null;
  shippedAt: string | null;
}

type Keyed<T> = T & { k0: string; k1: string };

/** Runs one hand-written statement ($1, $2… parameters) and answers its rows. */
type Query = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * Why a part could not give `quantity` units to the account, read after the guarded statement
 * placed nothing (the quantity rules themselves are the contract's `quantityRefusal`, checked
 * first as the form does); null when it would pass now.
 */
async function refusalFor(query: Query, input: NewOrder, maxUnpaidUnits: number): Promise<Error | null> {
  const [part] = await query<{ available: number; minimunOrder: number; priceCents: number; unpaidUnits: number }>(
    'orders_placement_facts',
    PLACEMENT_FACTS,
    [input.partId, input.userId],
  );
  if (!part) return notFound('Part');
  const refusal = quantityRefusal(input.quantity, part);
  if (refusal) return conflict(refusal.message, refusal.code);
  if (part.priceCents * input.quantity > MAX_ORDER_TOTAL_CENTS) {
    return conflict(
      'This order is too large to pay by card (over $999,999.99). Please order fewer units.',
      'ORDER_TOO_LARGE',
    );
  }
  if (part.unpaidUnits + input.quantity > maxUnpaidUnits) {
    const held = part.unpaidUnits.toLocaleString('en');
    return conflict(
      `An account can hold at most ${maxUnpaidUnits.toLocaleString('en')} units in unpaid orders, and yours hold ${held}. ` +
        'Pay or cancel an order before ordering more.',
      'UNPAID_LIMIT',
    );
  }
  return null;
}

/** Every read and write of orders and their payment records. Answers are the contract's JSON. */
export function createOrdersRepository(
  db: Db,
  options: { holdMinutes: number; maxUnpaidUnits: number } = { holdMinutes: 0, maxUnpaidUnits: 10_000 },
) {
  const one = async <T>(name: string, text: string, values: unknown[]): Promise<T | undefined> =>
    (await preparedQuery<T>(db, name, text, values))[0];

  /** `columns` of the orders `filter` selects after the key `after`, newest first, at most `limit`. */
  async function keyedRows<T>(
    columns: string,
    filter: OrdersFilter,
    limit: number,
    after: string[] | undefined,
  ): Promise<Keyed<T>[]> {
    const where = after
      ? sql`${filterCondition(filter)} and ${keysetAfter(ORDER_KEY, after)}`
      : filterCondition(filter);
    const result = await db.execute(
      sql`select ${sql.raw(columns)} from orders as listed where ${where} order by ${keysetOrder(ORDER_KEY)} limit ${limit}`,
    );
    return result.rows as Keyed<T>[];
  }

  return {
    /**
     * Places an order, answering its JSON. Stock check and decrement are one guarded UPDATE
     * (order-json.ts), so concurrent orders serialise on the part's row and can never sell more
     * than there is; one account's placements take turns on its advisory lock inside the
     * statement, so its unpaid-units guard counts every order the account placed before, on any
     * instance. When it places nothing, a read says why; if the stock changed in between so that
     * it would pass now, it tries once more.
     */
    async place(input: NewOrder): Promise<string> {
      const values = [
        ...[input.partId, input.quantity, input.userId, input.email, input.phone, input.address],
        ...[MAX_ORDER_TOTAL_CENTS, options.holdMinutes, options.maxUnpaidUnits],
      ];
      const query: Query = (name, text, params) => preparedQuery(db, name, text, params);
      for (let attempt = 1; ; attempt++) {
        const [placed] = await query<{ json: string }>('orders_place', PLACE_ORDER_JSON, values);
        if (placed) return placed.json;
        const refusal = await refusalFor(query, input, options.maxUnpaidUnits);
        if (refusal) throw refusal;
        if (attempt === 2) throw conflict(orderMessages.aboveAvailable, 'ABOVE_AVAILABLE');
      }
    },

    async get(id: string): Promise<StoredOrder | undefined> {
      return one<StoredOrder>('orders_by_id', ORDER_BY_ID, [id]);
    },

    /** The owner's orders as the API's JSON array. */
    async listByEmailJson(email: string): Promise<string> {
      return (await one<{ json: string }>('orders_of_email_json', ORDERS_OF_EMAIL_JSON, [email]))!.json;
    },

    /** Every order as the API's JSON array (admin). */
    async listAllJson(): Promise<string> {
      return (await one<{ json: string }>('all_orders_json', ALL_ORDERS_JSON, []))!.json;
    },

    /**
     * One page of the admin list, after the order whose key is `after`: the JSON array of at
     * most `limit` orders and the key of the last one when more follow.
     */
    async pageJson(
      filter: OrdersFilter,
      limit: number,
      after: string[] | undefined,
    ): Promise<{ json: string; nextKey: string[] | null }> {
      const rows = await keyedRows<{ json: string }>(ORDER_PAGE_COLUMNS, filter, limit + 1, after);
      const { shown, nextKey } = splitPage(rows, limit, (last) => [last.k0, last.k1]);
      return { json: `[${shown.map((r) => r.json).join(',')}]`, nextKey };
    },

    /** How many orders match (X-Total-Count). */
    async count(filter: OrdersFilter): Promise<number> {
      const result = await db.execute(
        sql`select count(*)::int as n from orders as listed where ${filterCondition(filter)}`,
      );
      return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
    },

    /**
     * The export's rows, `batch` at a time, each batch one keyset query (no transaction or
     * cursor held open, the same on PGlite and PostgreSQL): memory is one batch whatever the
     * number of orders. An order placed while the export runs may or may not be in it.
     */
    async *exportRows(filter: OrdersFilter, batch = 1000): AsyncGenerator<OrderExportRow> {
      let after: string[] | undefined;
      for (;;) {
        const rows = await keyedRows<OrderExportRow>(ORDER_EXPORT_COLUMNS, filter, batch, after);
        for (const { k0: _k0, k1: _k1, ...row } of rows) yield row;
        const last = rows.at(-1);
        if (rows.length < batch || !last) return;
        after = [last.k0, last.k1];
      }
    },

    /**
     * Deletes an unpaid order, its units back in stock: the order, or why it stays ('paid',
     * 'refunded'), or undefined when gone.
     */
    async cancelUnpaid(id: string): Promise<Order | 'paid' | 'refunded' | undefined> {
      const cancelled = await one<{ json: string }>('orders_cancel_unpaid', CANCEL_UNPAID_ORDER, [id]);
      if (cancelled) return parseOrder(cancelled.json);
      const kept = await this.get(id);
      if (!kept) return undefined;
      return kept.refundedAt && !kept.paidAt ? 'refunded' : 'paid';
    },

    async ship(id: string): Promise<Order> {
      const shipped = await one<{ json: string }>('orders_ship', SHIP_PAID_ORDER, [id]);
      if (shipped) return parseOrder(shipped.json);
      const existing = await this.get(id);
      if (!existing) throw notFound('Order');
      if (!existing.paidAt) throw conflict('This order is not paid yet', 'NOT_PAID');
      throw conflict('This order has already been shipped', 'ALREADY_SHIPPED');
    },

    /** Remembers the provider's intent for the order, unless another request got there first. */
    async attachPaymentIntent(id: string, paymentIntentId: string): Promise<string> {
      const [row] = await db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.id, id), isNull(orders.paymentIntentId)))
        .returning({ paymentIntentId: orders.paymentIntentId });
      if (row?.paymentIntentId) return row.paymentIntentId;
      const existing = await this.get(id);
      if (!existing?.paymentIntentId) throw notFound('Order');
      return existing.paymentIntentId;
    },

    /**
     * Marks an order paid by `paymentId` and writes its payment record, exactly once: the
     * browser's confirmation, the sandbox and the provider's webhook may all arrive at the same
     * time, and the guard lets one win (order-json.ts, MARK_ORDER_PAID).
     */
    async markPaid(id: string, paymentId: string): Promise<PaymentOutcome> {
      const paid = await one<{ json: string }>('orders_mark_paid', MARK_ORDER_PAID, [id, paymentId]);
      if (paid) return { kind: 'paid', order: parseOrder(paid.json) };
      const existing = await this.get(id);
      if (!existing) return { kind: 'no-order' };
      const order = parseOrder(existing.json);
      if (!existing.paidAt && existing.expiredAt) return { kind: 'expired', order };
      return existing.paymentId === paymentId ? { kind: 'replay', order } : { kind: 'paid-by-another', order };
    },

    async byPaymentId(paymentId: string): Promise<StoredOrder | undefined> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
      return row ? this.get(row.id) : undefined;
    },

    /** The payment record of PRODUCT.md §3 for a paid order: written by markPaid, re-created if missing. */
    async paymentRecord(orderId: string, paymentId: string) {
      const inserted = await preparedQuery(db, 'payments_record', RECORD_PAYMENT, [orderId, paymentId]);
      const [record] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
      return record ? { record, created: inserted.length > 0 } : undefined;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { quantityRefusal, type OrderStatus, type PriceBreak } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { priceBreaksOf } from '../../lib/price-breaks.ts';
import { ORDER_FACTS, type OrderFacts } from './order-facts.ts';
import {
  ALL_ORDERS_JSON,
  ORDER_EXPORT_COLUMNS,
  ORDER_PAGE_COLUMNS,
  ORDER_BY_ID,
  ORDERS_OF_EMAIL_JSON,
  PLACEMENT_FACTS,
} from './order-json.ts';
import { MAX_ORDER_TOTAL_CENTS } from './order-machine.ts';
import { guardOf } from './order-states.ts';

/** What the services decide on, beside the order's API JSON (`order-json.ts`, the one definition). */
export interface StoredOrder {
  id: string;
  email: string;
  partId: string | null;
  quantity: number;
  /** The part's name when it was ordered. */
  name: string;
  totalCents: number;
  paymentIntentId: string | null;
  paymentId: string | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  payBy: Date | null;
  expiredAt: Date | null;
  refundedAt: Date | null;
  /** Issue 30: how it is paid (an on-account order is never paid by card). */
  paymentMethod: 'card' | 'account';
  /** The contract's `order`, as PostgreSQL wrote it. */
  json: string;
}

/** The admin lists' filters (`GET /api/orders`, the CSV export). */
export interface OrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  /** A company's orders (issue 30, `GET /api/company/orders`: index orders_company_id_idx). */
  companyId?: string | undefined;
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
  if (filter.companyId) conditions.push(sql`listed.company_id = ${filter.companyId}::uuid`);
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.q) {
    const like = containsPattern(filter.q);
    // The order's name is its first part's (or a summary): a later line's name matches through the lines.
    conditions.push(
      sql`(lower(listed.email) like ${like} or lower(listed.name) like ${like} or exists (select 1 from order_lines as ol where ol.order_id = listed.id and lower(ol.name) like ${like}))`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** The admin lists' order, newest first, and its keyset (index orders_created_at_id). */
export const ORDER_KEY: KeyColumn[] = [
  { expr: sql`listed.created_at`, type: 'timestamptz', desc: true },
  { expr: sql`listed.id`, type: 'uuid', desc: true },
];
export const ORDER_KEY_PATTERNS = [KEY_PATTERNS.timestamp, KEY_PATTERNS.uuid];

/** The part columns of one row of the CSV export: one line of the order. */
type ExportLine = Pick<OrderExportRow, 'part' | 'partNumber' | 'quantity' | 'unitPrice' | 'total'>;

/** An order as ORDER_EXPORT_COLUMNS reads it: its own columns and its lines (JSON text). */
type ExportOrder = Omit<OrderExportRow, keyof ExportLine> & { lines: string | null };

/**
 * One row of the CSV export: one line of an order (issue 27), the order's columns repeated on
 * each of its lines. Part, part number, quantity, unit price and total are the line's, so a
 * one-line order's row is what it always was, and an order's total is the sum of its rows'.
 */
export interface OrderExportRow {
  id: string;
  created: string;
  email: string;
  phone: string;
  address: string;
  part: string;
  partNumber: string | null;
  quantity: number;
  unitPrice: string;
  total: string;
  paidAt: string | null;
  paymentId: string | null;
  shippedAt: string | null;
  /** Issue 28: the order's shipping method and parcel weight (on each of its rows), and its price (on its first row only, so rows still sum to the order). */
  shippingMethod: string | null;
  shippingWeightGrams: number | null;
  shipping: string | null;
  /** Issue 29: the order's net (goods + shipping), tax and gross (the amount paid), on its first row only. */
  net: string | null;
  tax: string | null;
  gross: string | null;
}

type Keyed<T> = T & { k0: string; k1: string };

/** Unpaid orders whose hold has ended (with `alias.pay_by`), as the sweep asks (index orders_holding_pay_by_idx). */
const HOLD_ENDED = (alias: string) => `${guardOf('expire', alias)} and ${alias}.pay_by <= now()`;

/** $1 the batch size. Orders whose hold ended while they have a payment intent: the provider is asked before any of them expires. */
const DUE_WITH_INTENT = `
  select id, payment_intent_id as "paymentIntentId" from orders
  where ${HOLD_ENDED('orders')} and payment_intent_id is not null
  order by pay_by limit $1::integer`;

/**
 * $1 the hold in minutes. Orders placed before holds existed (or while they were off) get their
 * pay-by time from when they were placed.
 */
const BACKFILL_PAY_BY = `
  update orders set pay_by = created_at + $1::float8 * interval '1 minute'
  where pay_by is null and ${guardOf('expire', 'orders')} and payment_method = 'card'`;

/** $1 order id, $2 user id: the account is a member of the order's company. */
export const COMPANY_READER = `
  select exists (
    select 1 from orders as o join company_members as m on m.company_id = o.company_id
    where o.id = $1::uuid and m.user_id = $2::text
  ) as yes`;

/** $1 part ids. Each existing part's price in cents, what the pricing function starts from. */
const PART_PRICES = `select id, price_cents as "priceCents", price_breaks as "priceBreaks" from parts where id = any($1::uuid[])`;

/** What the pricing function prices a part from: its price and its quantity breaks (issue 30), in cents. */
export interface PartPrice {
  priceCents: number;
  priceBreaks: PriceBreak[];
}

/** What a refused placement is explained for. */
export interface PlacementInput {
  partId: string;
  quantity: number;
  userId: string;
  /** The unit price it was placed at (the pricing function's); without it, the part's price. */
  unitPriceCents?: number;
}

/** A total no card can pay (over MAX_ORDER_TOTAL_CENTS). */
export const orderTooLarge = () =>
  conflict('This order is too large to pay by card (over $999,999.99). Please order fewer units.', 'ORDER_TOO_LARGE');

/** The account's unpaid units would pass their cap (issue 24). */
export const unpaidLimit = (maxUnpaidUnits: number, unpaidUnits: number) =>
  conflict(
    `An account can hold at most ${maxUnpaidUnits.toLocaleString('en')} units in unpaid orders, and yours hold ` +
      `${unpaidUnits.toLocaleString('en')}. Pay or cancel an order before ordering more.`,
    'UNPAID_LIMIT',
  );

/** Runs one hand-written statement ($1, $2… parameters) and answers its rows. */
type Query = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/**
 * Why a part could not give `quantity` units to the account, read after the guarded statement
 * placed nothing (the quantity rules themselves are the contract's `quantityRefusal`, checked
 * first as the form does); null when it would pass now.
 */
async function refusalFor(query: Query, input: PlacementInput, maxUnpaidUnits: number): Promise<Error | null> {
  const [part] = await query<{ available: number; minimunOrder: number; priceCents: number; unpaidUnits: number }>(
    'orders_placement_facts',
    PLACEMENT_FACTS,
    [input.partId, input.userId],
  );
  if (!part) return notFound('Part');
  const refusal = quantityRefusal(input.quantity, part);
  if (refusal) return conflict(refusal.message, refusal.code);
  if ((input.unitPriceCents ?? part.priceCents) * input.quantity > MAX_ORDER_TOTAL_CENTS) {
    return orderTooLarge();
  }
  if (part.unpaidUnits + input.quantity > maxUnpaidUnits) {
    return unpaidLimit(maxUnpaidUnits, part.unpaidUnits);
  }
  return null;
}

/**
 * Every read of orders, and the writes that are no step of their life (a payment intent's id, a
 * pay-by time); the steps are order-machine.ts's. Answers are the contract's JSON.
 */
export function createOrdersRepository(db: Db, options: { maxUnpaidUnits: number }) {
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
    /** Why the part cannot give `quantity` units now (null: it can), after placing found nothing to take. */
    refusalFor: (input: PlacementInput) =>
      refusalFor((name, text, values) => preparedQuery(db, name, text, values), input, options.maxUnpaidUnits),

    /** The prices (price and breaks) of the parts `ids` that exist, by id. */
    async pricesOf(ids: readonly string[]): Promise<Map<string, PartPrice>> {
      const rows = await preparedQuery<{ id: string; priceCents: number; priceBreaks: unknown }>(
        db,
        'orders_part_prices',
        PART_PRICES,
        [ids],
      );
      return new Map(
        rows.map((r) => [r.id, { priceCents: Number(r.priceCents), priceBreaks: priceBreaksOf(r.priceBreaks) }]),
      );
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
     * The export's rows, one per order line, `batch` orders at a time, each batch one keyset query (no transaction or
     * cursor held open, the same on PGlite and PostgreSQL): memory is one batch whatever the
     * number of orders. An order placed while the export runs may or may not be in it.
     */
    async *exportRows(filter: OrdersFilter, batch = 1000): AsyncGenerator<OrderExportRow> {
      let after: string[] | undefined;
      for (;;) {
        const rows = await keyedRows<ExportOrder>(ORDER_EXPORT_COLUMNS, filter, batch, after);
        for (const { k0: _k0, k1: _k1, lines, ...order } of rows) {
          for (const [i, line] of (JSON.parse(lines ?? '[]') as ExportLine[]).entries()) {
            yield {
              id: order.id,
              created: order.created,
              email: order.email,
              phone: order.phone,
              address: order.address,
              ...line,
              paidAt: order.paidAt,
              paymentId: order.paymentId,
              shippedAt: order.shippedAt,
              shippingMethod: order.shippingMethod,
              shippingWeightGrams: order.shippingWeightGrams,
              shipping: i === 0 ? order.shipping : null,
              net: i === 0 ? order.net : null,
              tax: i === 0 ? order.tax : null,
              gross: i === 0 ? order.gross : null,
            };
          }
        }
        const last = rows.at(-1);
        if (rows.length < batch || !last) return;
        after = [last.k0, last.k1];
      }
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

    async byPaymentId(paymentId: string): Promise<StoredOrder | undefined> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
      return row ? this.get(row.id) : undefined;
    },

    /**
     * Whether the account is a member of the company the order was placed for (issue 30: members
     * read each other's orders and invoices).
     */
    async readableByCompanyMember(orderId: string, userId: string): Promise<boolean> {
      const row = await one<{ yes: boolean }>('orders_company_reader', COMPANY_READER, [orderId, userId]);
      return row?.yes === true;
    },

    /** The order's owner and its facts (order-facts.ts), as they are now. */
    async facts(id: string): Promise<{ email: string; facts: OrderFacts } | undefined> {
      return one<{ email: string; facts: OrderFacts }>('orders_facts', ORDER_FACTS, [id]);
    },

    /** Orders whose hold ended while they have a payment intent, oldest pay-by first. */
    dueWithIntent: (limit: number) =>
      preparedQuery<{ id: string; paymentIntentId: string }>(db, 'orders_due_with_intent', DUE_WITH_INTENT, [limit]),

    /** Gives unpaid orders without a pay-by time one (holds turned on after they were placed). */
    async backfillPayBy(holdMinutes: number): Promise<void> {
      await preparedQuery(db, 'orders_backfill_pay_by', BACKFILL_PAY_BY, [holdMinutes]);
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { orderMessages, type Order } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { orders, parts, payments } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { toDollars } from '../../lib/money.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { ALL_ORDERS_JSON, ORDERS_OF_EMAIL_JSON, PLACE_ORDER_JSON } from './order-json.ts';

export type OrderRow = typeof orders.$inferSelect;
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    partId: row.partId,
    email: row.email,
    phone: row.phone,
    address: row.address,
    quantity: row.quantity,
    price: toDollars(row.totalCents),
    unitPrice: toDollars(row.unitPriceCents),
    name: row.name,
    img: row.img,
    des: row.description,
    payment: row.paidAt !== null,
    paymentId: row.paymentId,
    status: row.shippedAt ? 'shipped' : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

export interface NewOrder {
  userId: string;
  email: string;
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

/**
 * Why a part could not give `quantity` units, read after the guarded statement placed nothing;
 * null when it would pass now (the stock changed in between).
 */
async function refusalFor(db: Db, partId: string, quantity: number): Promise<Error | null> {
  const [part] = await db
    .select({ available: parts.available, minimumOrder: parts.minimumOrder, priceCents: parts.priceCents })
    .from(parts)
    .where(eq(parts.id, partId));
  if (!part) return notFound('Part');
  if (part.available <= 0) return conflict(orderMessages.stockOut, 'STOCK_OUT');
  if (quantity < part.minimumOrder) return conflict(orderMessages.belowMinimum, 'BELOW_MINIMUM');
  if (quantity > part.available) return conflict(orderMessages.aboveAvailable, 'ABOVE_AVAILABLE');
  // Stripe's ceiling for one charge; beyond it the order could never be paid (and the total no longer fits its column).
  if (part.priceCents * quantity > MAX_ORDER_TOTAL_CENTS) {
    return conflict(
      'This order is too large to pay by card (over $999,999.99). Please order fewer units.',
      'ORDER_TOO_LARGE',
    );
  }
  return null;
}

export function createOrdersRepository(db: Db) {
  return {
    /**
     * Places an order, answering its JSON (order-json.ts: one statement). Stock check and
     * decrement are one guarded UPDATE, so concurrent orders serialise on the part's row and can
     * never sell more than there is (the check-then-write race that oversold WooCommerce stock).
     * When it places nothing, a read says why; if the stock changed in between so that it would
     * pass now, it tries once more.
     */
    async place(input: NewOrder): Promise<string> {
      for (let attempt = 1; ; attempt++) {
        const values = [
          input.partId,
          input.quantity,
          input.userId,
          input.email,
          input.phone,
          input.address,
          MAX_ORDER_TOTAL_CENTS,
        ];
        const [placed] = await preparedQuery<{ json: string }>(db, 'orders_place', PLACE_ORDER_JSON, values);
        if (placed) return placed.json;
        const refusal = await refusalFor(db, input.partId, input.quantity);
        if (refusal) throw refusal;
        if (attempt === 2) throw conflict(orderMessages.aboveAvailable, 'ABOVE_AVAILABLE');
      }
    },

    async get(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    /** The owner's orders as the API's JSON array, built by the database (order-json.ts). */
    async listByEmailJson(email: string): Promise<string> {
      const [row] = await preparedQuery<{ json: string }>(db, 'orders_of_email_json', ORDERS_OF_EMAIL_JSON, [email]);
      return row!.json;
    },

    /** Every order as the API's JSON array (admin). */
    async listAllJson(): Promise<string> {
      const [row] = await preparedQuery<{ json: string }>(db, 'all_orders_json', ALL_ORDERS_JSON, []);
      return row!.json;
    },

    /**
     * Deletes an unpaid order and gives its units back, in one transaction. The `paid_at is
     * null` guard makes a cancel that races a payment lose cleanly instead of deleting a paid order.
     */
    async cancelUnpaid(id: string): Promise<Order | 'paid' | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(orders)
          .where(and(eq(orders.id, id), isNull(orders.paidAt)))
          .returning();
        if (!row) {
          const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
          return existing ? 'paid' : undefined;
        }
        if (row.partId) {
          await tx
            .update(parts)
            .set({ available: sql`${parts.available} + ${row.quantity}` })
            .where(eq(parts.id, row.partId));
        }
        return toOrder(row);
      });
    },

    /** Ships a paid order once; the guard makes a second click (or a second admin) a no-op 409. */
    async ship(id: string): Promise<Order> {
      const [row] = await db
        .update(orders)
        .set({ shippedAt: sql`now()` })
        .where(and(eq(orders.id, id), isNotNull(orders.paidAt), isNull(orders.shippedAt)))
        .returning();
      if (row) return toOrder(row);
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
     * Marks an order paid and writes its payment record, exactly once. The browser's confirmation,
     * the sandbox and the provider's webhook may all arrive at the same time; the `paid_at is
     * null` guard lets one of them win and turns the others into replays that change nothing.
     */
    async markPaid(id: string, paymentId: string): Promise<Order> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ paidAt: sql`now()`, paymentId })
          .where(and(eq(orders.id, id), isNull(orders.paidAt)))
          .returning();
        if (row) {
          await insertPaymentRecord(tx, row);
          return toOrder(row);
        }
        const [existing] = await tx.select().from(orders).where(eq(orders.id, id));
        if (!existing) throw notFound('Order');
        if (existing.paymentId !== paymentId)
          throw conflict('This order has already been paid with another payment', 'ALREADY_PAID');
        return toOrder(existing);
      });
    },

    async byPaymentId(paymentId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
      return row;
    },

    /** The payment record of PRODUCT.md §3 for a paid order: written by markPaid, re-created if missing. */
    async paymentRecord(order: OrderRow): Promise<{ record: typeof payments.$inferSelect; created: boolean }> {
      return db.transaction(async (tx) => {
        const created = await insertPaymentRecord(tx, order);
        const [record] = await tx.select().from(payments).where(eq(payments.paymentId, order.paymentId!));
        return { record: record!, created };
      });
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

async function insertPaymentRecord(tx: Tx, order: OrderRow): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      paymentId: order.paymentId!,
      orderId: order.id,
      amountCents: order.totalCents,
      quantity: order.quantity,
      email: order.email,
      name: order.name,
    })
    .onConflictDoNothing({ target: payments.paymentId })
    .returning({ id: payments.id });
  return inserted.length > 0;
}

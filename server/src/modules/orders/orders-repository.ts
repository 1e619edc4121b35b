import { and, eq, isNull } from 'drizzle-orm';
import { quantityRefusal, type Order } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { orders, parts, payments } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import {
  ALL_ORDERS_JSON,
  CANCEL_UNPAID_ORDER,
  MARK_ORDER_PAID,
  ORDER_BY_ID,
  ORDERS_OF_EMAIL_JSON,
  PLACE_ORDER_JSON,
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

/**
 * Why a part could not give `quantity` units, read after the guarded statement placed nothing
 * (the rules themselves are the contract's `quantityRefusal`); null when it would pass now.
 */
async function refusalFor(db: Db, partId: string, quantity: number): Promise<Error | null> {
  const [part] = await db
    .select({ available: parts.available, minimunOrder: parts.minimumOrder, priceCents: parts.priceCents })
    .from(parts)
    .where(eq(parts.id, partId));
  if (!part) return notFound('Part');
  const refusal = quantityRefusal(quantity, part);
  if (refusal) return conflict(refusal.message, refusal.code);
  if (part.priceCents * quantity > MAX_ORDER_TOTAL_CENTS) {
    return conflict(
      'This order is too large to pay by card (over $999,999.99). Please order fewer units.',
      'ORDER_TOO_LARGE',
    );
  }
  return null;
}

/** Every read and write of orders and their payment records. Answers are the contract's JSON. */
export function createOrdersRepository(db: Db, options: { holdMinutes: number } = { holdMinutes: 0 }) {
  const one = async <T>(name: string, text: string, values: unknown[]): Promise<T | undefined> =>
    (await preparedQuery<T>(db, name, text, values))[0];

  return {
    /**
     * Places an order, answering its JSON. Stock check and decrement are one guarded UPDATE
     * (order-json.ts), so concurrent orders serialise on the part's row and can never sell more
     * than there is. When it places nothing, a read says why; if the stock changed in between so
     * that it would pass now, it tries once more.
     */
    async place(input: NewOrder): Promise<string> {
      const values = [input.partId, input.quantity, input.userId, input.email, input.phone, input.address];
      for (let attempt = 1; ; attempt++) {
        const placed = await one<{ json: string }>('orders_place', PLACE_ORDER_JSON, [
          ...values,
          MAX_ORDER_TOTAL_CENTS,
          options.holdMinutes,
        ]);
        if (placed) return placed.json;
        const refusal = await refusalFor(db, input.partId, input.quantity);
        if (refusal) throw refusal;
        if (attempt === 2) throw conflict('you Can not add higher than available Quantity', 'ABOVE_AVAILABLE');
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

    /** Deletes an unpaid order, its units back in stock: the order, or 'paid', or undefined when gone. */
    async cancelUnpaid(id: string): Promise<Order | 'paid' | undefined> {
      const cancelled = await one<{ json: string }>('orders_cancel_unpaid', CANCEL_UNPAID_ORDER, [id]);
      if (cancelled) return parseOrder(cancelled.json);
      return (await this.get(id)) ? 'paid' : undefined;
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

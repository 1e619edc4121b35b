import type { Order } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { enqueueOrderMail } from '../mail/outbox-sql.ts';
import { INVOICE_NUMBER_OF, insertPaymentRecord, NEXT_INVOICE_NUMBER, orderJsonOf } from './order-json.ts';

/**
 * The statements of an order's hold on its stock (ORDER_HOLD_MINUTES): an unpaid order whose
 * `pay_by` has passed expires, its units back in the same statement; a payment that still
 * arrives either takes the units again (the order revives, paid) or is refunded. Every one is a
 * single guarded, auto-committed statement, so however many instances sweep at once, an order
 * expires once and its stock comes back once.
 */

/** Rows the sweep acts on: still holding stock (unpaid, not expired) and past their pay-by time. */
const HOLDING_AND_DUE = `paid_at is null and expired_at is null and pay_by <= now()`;

/**
 * $1 the batch size. Expires due orders that have no payment intent (no provider to ask), with
 * their units back. `skip locked`: an order another instance is expiring is left to it; the
 * UPDATE repeats the guard, so a row that changed since it was picked is not touched.
 */
export const EXPIRE_DUE_WITHOUT_INTENT = `
  with due as (
    select id from orders where ${HOLDING_AND_DUE} and payment_intent_id is null
    order by pay_by limit $1::integer for update skip locked
  ), expired as (
    update orders set expired_at = now(), updated_at = now() from due
    where orders.id = due.id and orders.paid_at is null and orders.expired_at is null and orders.payment_intent_id is null
    returning orders.*
  ), restocked as (
    update parts set available = parts.available + back.quantity
    from (select part_id, sum(quantity)::integer as quantity from expired group by part_id) as back
    where parts.id = back.part_id
  )
  select ${orderJsonOf('expired')} as "json" from expired`;

/** $1 the batch size. Due orders with an intent: the provider is asked before any of them expires. */
export const DUE_WITH_INTENT = `
  select id, payment_intent_id as "paymentIntentId" from orders
  where ${HOLDING_AND_DUE} and payment_intent_id is not null
  order by pay_by limit $1::integer`;

/**
 * $1 order id, $2 its intent (cancelled at the provider just before). Expires that one order, its
 * units back; no row when it was paid, cancelled or expired meanwhile.
 */
export const EXPIRE_ONE = `
  with expired as (
    update orders set expired_at = now(), updated_at = now()
    where id = $1::uuid and ${HOLDING_AND_DUE} and payment_intent_id = $2::text
    returning *
  ), restocked as (
    update parts set available = parts.available + expired.quantity
    from expired where parts.id = expired.part_id
  )
  select ${orderJsonOf('expired')} as "json" from expired`;

/**
 * $1 order id, $2 payment id. A payment succeeded for an expired order: takes its units again if
 * the part still has them (the same guarded UPDATE on parts as placing an order), and marks the
 * order paid with its invoice number, payment record and payment e-mail, all or nothing. No row: the stock is gone (or the order
 * was revived, refunded or deleted meanwhile).
 */
export const REVIVE_EXPIRED_ORDER = `
  with target as (
    select id, part_id, quantity from orders
    where id = $1::uuid and paid_at is null and expired_at is not null and refunded_at is null
    for update
  ), taken as (
    update parts set available = parts.available - target.quantity
    from target where parts.id = target.part_id and parts.available >= target.quantity
    returning parts.id
  ), numbered as (
    ${NEXT_INVOICE_NUMBER('target where exists (select 1 from taken)')}
  ), revived as (
    update orders set expired_at = null, paid_at = now(), payment_id = $2::text, updated_at = now(),
      invoice_number = ${INVOICE_NUMBER_OF('numbered')}
    from numbered
    where orders.id in (select id from target) and orders.paid_at is null and orders.expired_at is not null
      and orders.refunded_at is null
    returning orders.*
  ), recorded as (${insertPaymentRecord('revived')}
  ), mailed as (${enqueueOrderMail('payment-received', 'revived')})
  select ${orderJsonOf('revived')} as "json" from revived`;

/**
 * $1 order id, $2 payment id. Claims the refund of a payment for an expired order: once set, the
 * order can no longer revive, so a refund and a revival never both happen.
 */
export const CLAIM_REFUND = `
  with refunded as (
    update orders set refunded_at = now(), payment_id = $2::text, updated_at = now()
    where id = $1::uuid and paid_at is null and expired_at is not null and refunded_at is null
    returning *
  )
  select ${orderJsonOf('refunded')} as "json" from refunded`;

/**
 * $1 the hold in minutes. Orders placed before holds existed (or while they were off) get their
 * pay-by time from when they were placed.
 */
export const BACKFILL_PAY_BY = `
  update orders set pay_by = created_at + $1::float8 * interval '1 minute'
  where pay_by is null and paid_at is null and expired_at is null`;

const parse = (rows: { json: string }[]): Order[] => rows.map((r) => JSON.parse(r.json) as Order);

export function createOrderHolds(db: Db) {
  const first = async (name: string, text: string, values: unknown[]): Promise<Order | undefined> =>
    parse(await preparedQuery<{ json: string }>(db, name, text, values))[0];
  return {
    async backfillPayBy(holdMinutes: number): Promise<void> {
      await preparedQuery(db, 'holds_backfill', BACKFILL_PAY_BY, [holdMinutes]);
    },
    async expireDueWithoutIntent(limit: number): Promise<Order[]> {
      return parse(await preparedQuery<{ json: string }>(db, 'holds_expire_due', EXPIRE_DUE_WITHOUT_INTENT, [limit]));
    },
    dueWithIntent: (limit: number) =>
      preparedQuery<{ id: string; paymentIntentId: string }>(db, 'holds_due_with_intent', DUE_WITH_INTENT, [limit]),
    expireOne: (id: string, paymentIntentId: string) => first('holds_expire_one', EXPIRE_ONE, [id, paymentIntentId]),
    revive: (id: string, paymentId: string) => first('holds_revive', REVIVE_EXPIRED_ORDER, [id, paymentId]),
    claimRefund: (id: string, paymentId: string) => first('holds_claim_refund', CLAIM_REFUND, [id, paymentId]),
  };
}
export type OrderHolds = ReturnType<typeof createOrderHolds>;

import type { OrderEvents } from './order-events.ts';
import { orderJsonOf, UNPAID_UNITS_OF } from './order-json.ts';
import { guardOf, inState, stateSql, TRANSITIONS, type OrderState, type TransitionName } from './order-states.ts';

/**
 * The SQL of every order transition (order-states.ts lists them). Each is one auto-committed
 * statement, so a part's or an order's row is locked for one round trip, never for a transaction
 * waiting on Node (docs/decisions/005), and however many requests or instances race, the guard is
 * re-read under the row's lock and one of them changes the order. The subscribers' in-statement
 * writers (order-events.ts: the mail outbox, the payment record, the invoice number) are written
 * into the same statement, so what they write commits with the change or not at all.
 *
 * A single-order transition first locks its order (`target`; `for update` waits for a concurrent
 * change and then reads the row as that change left it) and answers, in the same statement, either
 * the changed order or the state that refused it: nobody reads the order a second time to learn
 * why nothing happened.
 */

/** One row per transition of one order: its id, the state it was in, whether it changed, and its JSON. */
export interface TransitionRow {
  id: string;
  /** The state the order was in when the statement locked it (before the change, if one happened). */
  state: OrderState;
  paymentId: string | null;
  changed: boolean;
  /** The changed order's JSON, or the unchanged one's. */
  json: string;
}

/** The answer of a single-order transition whose change is the CTE `changed` over the locked `target`. */
const answerOf = (changed: string) => `
  select t.id, ${stateSql('t')} as "state", t.payment_id as "paymentId",
    exists (select 1 from ${changed}) as "changed",
    coalesce((select ${orderJsonOf('c')} from ${changed} as c), ${orderJsonOf('t')}) as "json"
  from target as t`;

/** $1: order id. The order, locked for this statement. */
const TARGET = `target as (select * from orders where id = $1::uuid for update)`;

/** Gives the changed order's units back to its part. */
const RESTOCK = `, restocked as (
  update parts set available = parts.available + c.quantity from changed as c where parts.id = c.part_id)`;

/** How one order's UPDATE transition differs from the others. */
interface OneOrderChange {
  /** The columns it sets (besides `updated_at`). */
  set: string;
  /** CTEs between the lock and the change (each after a comma), and what of them the UPDATE joins. */
  before?: string;
  from?: string;
  /** Conditions on `orders` beside the transition's guard (each after `and`). */
  also?: string;
  /** Whether the order's units go back to the part. */
  restock?: boolean;
}

/** Every transition's statement, composed once with the subscribers registered at start. */
export function orderStatements(events: OrderEvents) {
  const numbering = events.numbering();
  /** The number CTE and the SET and FROM parts that store it, for a transition that makes an order paid. */
  const numbered = (eligible: string) =>
    numbering
      ? {
          cte: `, numbered as (${numbering.nextNumber(eligible)})`,
          set: ', invoice_number = numbered.number',
          from: ', numbered',
        }
      : { cte: '', set: '', from: '' };
  const pay = numbered(`target where ${guardOf('pay', 'target')}`);
  const revive = numbered(`target where ${guardOf('revive', 'target')} and exists (select 1 from taken)`);

  /** $1: order id. One order's transition `name`: lock it, change it if its guard holds, answer. */
  const changeOne = (name: TransitionName, change: OneOrderChange) => `
    with ${TARGET}${change.before ?? ''}, changed as (
      update orders set ${change.set}, updated_at = now()
      from target${change.from ?? ''}
      where orders.id = target.id and ${guardOf(name, 'orders')}${change.also ?? ''}
      returning orders.*
    )${change.restock ? RESTOCK : ''}${events.writersSql(TRANSITIONS[name].event, 'changed')}
    ${answerOf('changed')}`;

  return {
    /**
     * Takes the stock and writes the order in one statement, so the part's row is locked for one
     * round trip instead of a whole transaction (orders for one part queue on that lock). Every
     * rule is in the UPDATE's guard: enough stock, at least the minimum, a total a card can pay
     * (in bigint: price × quantity can pass 2³¹), and the account's unpaid units within their cap
     * (issue 24: read in turn with the account's other placements, so the sum is current). The cap
     * is read once, in `allowed`, before the part's row is locked: orders for one part queue on
     * that row, and a re-check of the guard after the wait does not read the sum again. Answers
     * the order, or no row when the guard let nothing through.
     * $1 part id, $2 quantity, $3 user id, $4 email, $5 phone, $6 address, $7 the largest total in
     * cents, $8 the hold in minutes (0: no expiry), which fixes the order's `pay_by` once, $9 the
     * most unpaid units an account may hold.
     */
    place: `
      with allowed as (
        select ${UNPAID_UNITS_OF('$3::text')} + $2::integer <= $9::integer as within_cap
      ), taken as (
        update parts set available = available - $2::integer
        where id = $1::uuid and available >= $2::integer and minimum_order <= $2::integer
          and price_cents::bigint * $2::integer <= $7::bigint
          and (select within_cap from allowed)
        returning id, name, part_number, img, description, price_cents
      ), placed as (
        insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, part_number, img, description, pay_by)
        select id, $3::text, $4::text, $5::text, $6::text, $2::integer, price_cents, price_cents * $2::integer, name, part_number, img, description,
          case when $8::float8 > 0 then now() + $8::float8 * interval '1 minute' end
        from taken
        returning *
      )${events.writersSql('placed', 'placed')}
      select placed.id, ${orderJsonOf('placed')} as "json" from placed`,

    /**
     * $2 payment id. Marks a placed order paid (with its number, when paid orders are numbered).
     * Numbering reads the locked order's guard first, so a replay never touches the counter; the
     * first confirmation wins and the others find the order paid.
     */
    pay: changeOne('pay', { before: pay.cte, set: `paid_at = now(), payment_id = $2::text${pay.set}`, from: pay.from }),

    /**
     * $2 payment id. A payment succeeded for an expired order: takes its units again if the part
     * still has them (the same guarded UPDATE on parts as placing) and marks it paid, all or
     * nothing. Unchanged and still expired: the stock is gone.
     */
    revive: changeOne('revive', {
      before: `, taken as (
        update parts set available = parts.available - t.quantity
        from target as t
        where parts.id = t.part_id and ${guardOf('revive', 't')} and parts.available >= t.quantity
        returning parts.id
      )${revive.cte}`,
      set: `expired_at = null, paid_at = now(), payment_id = $2::text${revive.set}`,
      from: revive.from,
      also: ' and exists (select 1 from taken)',
    }),

    /** Ships a paid order once: a second click (or a second admin) changes nothing. */
    ship: changeOne('ship', { set: 'shipped_at = now()' }),

    /**
     * $1 order id. Deletes an unpaid order and gives its units back; an expired order's units went
     * back when it expired, so deleting it restocks nothing. In-statement writers on `cancelled`
     * see the deleted row (no foreign key can point at it).
     */
    cancel: `
      with ${TARGET}, changed as (
        delete from orders using target
        where orders.id = target.id and ${guardOf('cancel', 'orders')}
        returning orders.*
      ), restocked as (
        update parts set available = parts.available + c.quantity
        from changed as c where parts.id = c.part_id and ${inState(['placed'], 'c')}
      )${events.writersSql('cancelled', 'changed')}
      ${answerOf('changed')}`,

    /**
     * $1 the batch size. Expires due orders that have no payment intent (no provider to ask), with
     * their units back. `skip locked`: an order another instance is expiring is left to it; the
     * UPDATE repeats the guard, so a row that changed since it was picked is not touched.
     */
    expireDue: `
      with due as (
        select id from orders
        where ${guardOf('expire', 'orders')} and pay_by <= now() and payment_intent_id is null
        order by pay_by limit $1::integer for update skip locked
      ), changed as (
        update orders set expired_at = now(), updated_at = now() from due
        where orders.id = due.id and ${guardOf('expire', 'orders')} and orders.pay_by <= now()
          and orders.payment_intent_id is null
        returning orders.*
      ), restocked as (
        update parts set available = parts.available + back.quantity
        from (select part_id, sum(quantity)::integer as quantity from changed group by part_id) as back
        where parts.id = back.part_id
      )${events.writersSql('expired', 'changed')}
      select changed.id, ${orderJsonOf('changed')} as "json" from changed`,

    /** $2 its intent (cancelled at the provider just before). Expires that one order if its hold has ended, its units back. */
    expireOne: changeOne('expire', {
      set: 'expired_at = now()',
      also: ' and orders.pay_by <= now() and orders.payment_intent_id = $2::text',
      restock: true,
    }),

    /**
     * $2 payment id. Records the refund of a payment for an expired order whose units were gone:
     * once set, the order can no longer revive, so a refund and a revival never both happen. The
     * provider's refund follows (payments).
     */
    refundLate: changeOne('refundLate', { set: 'refunded_at = now(), payment_id = $2::text' }),

    /** Records the full refund of a paid, unshipped order; its units go back. */
    refund: changeOne('refund', { set: 'refunded_at = now()', restock: true }),
  };
}
export type OrderStatements = ReturnType<typeof orderStatements>;

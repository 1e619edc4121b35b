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
 * Lock order (issue 27: an order has lines, so a statement may lock several parts): every
 * statement takes, in this order and never the other way round, (1) the account's advisory lock
 * (placing only, `unpaid_units_in_turn`), (2) order rows, (3) part rows, several of them always
 * through one `select … order by id for no key update` before any of them is changed. Two
 * statements locking the same parts therefore queue on the lowest id they share, and never wait
 * for each other in a cycle: concurrent checkouts of the same parts in any line order cannot
 * deadlock. `for no key update` is the lock the UPDATE itself takes: it does not conflict with the
 * key-share locks that rows referencing a part take (a cart line or an order line being inserted,
 * several in one statement in any order), so those never join a cycle either.
 *
 * A single-order transition first locks its order (`target`; `for update` waits for a concurrent
 * change and then reads the row as that change left it) and answers, in the same statement, either
 * the changed order or the state that refused it: nobody reads the order a second time to learn
 * why nothing happened.
 */

/**
 * A line's tax in cents in SQL: `net` × `rateMilli` thousandths of a percent, half-up. The same
 * integer rule as the contract's lineTaxCents (floor((net × milli + 50,000) / 100,000); both are
 * non-negative, so integer division is the floor).
 */
export const LINE_TAX_SQL = (net: string, rateMilli: string) => `((${net}) * (${rateMilli}) + 50000) / 100000`;

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

/** The buyer's company at placing (issue 30): the order stays the company's if the buyer leaves. */
const COMPANY_OF = (userId: string) => `(select company_id from company_members where user_id = ${userId})`;

/**
 * Issue 30 (PRODUCT.md §25): the stamp of the buyer's price lists, each list of their company as
 * `id:version`, in id order, joined by commas ('' for none): the same text price-lists-repository.ts
 * `termsFor` gives from the lists the unit prices were computed from. Placing compares the two, so
 * a list edited, added, removed or detached (or the buyer moved to another company) since the
 * pricing places nothing and the service prices again.
 */
const PRICE_LISTS_STAMP_OF = (userId: string) => `(
  select coalesce(string_agg(pl.id::text || ':' || pl.version::text, ',' order by pl.id), '')
  from price_list_companies as plc join price_lists as pl on pl.id = plc.price_list_id
  where plc.company_id = ${COMPANY_OF(userId)})`;

/** $1: order id. The order, locked for this statement. */
const TARGET = `target as (select * from orders where id = $1::uuid for update)`;

/**
 * Gives the units of every line of the orders in `changed` (those `which`, a condition on `c`,
 * selects) back to their parts, summed per part. The parts are locked in id order first (the
 * lock order above): the UPDATE's one-time filter reads `back_locked` whole before it changes a
 * row. A line whose part was deleted gives nothing back.
 */
const restockLines = (changed: string, which = 'true') => `, back as (
    select ol.part_id, sum(ol.quantity)::integer as quantity
    from ${changed} as c join order_lines as ol on ol.order_id = c.id
    where ol.part_id is not null and ${which}
    group by ol.part_id
  ), back_locked as materialized (
    select p.id from parts as p where p.id in (select part_id from back) order by p.id for no key update
  ), restocked as (
    update parts set available = parts.available + back.quantity
    from back where parts.id = back.part_id and (select count(*) from back_locked) >= 0
  )`;

/**
 * $1 order id (`target`, locked). Takes every line's units of an expired order again, all or
 * nothing: `taken` holds a row per part when every part still exists and has its lines' units,
 * and none otherwise. Parts locked in id order first.
 */
const TAKE_LINES_AGAIN = `, wanted as (
    select ol.part_id, sum(ol.quantity)::integer as quantity
    from target as t join order_lines as ol on ol.order_id = t.id
    where ${guardOf('revive', 't')}
    group by ol.part_id
  ), wanted_locked as materialized (
    select p.id, p.available from parts as p where p.id in (select part_id from wanted) order by p.id for no key update
  ), enough as (
    select count(*) = (select count(*) from wanted) and coalesce(bool_and(l.available >= w.quantity), false) as ok
    from wanted as w join wanted_locked as l on l.id = w.part_id
  ), taken as (
    update parts set available = parts.available - w.quantity
    from wanted as w where parts.id = w.part_id and (select ok from enough)
    returning parts.id
  )`;

/** How one order's UPDATE transition differs from the others. */
interface OneOrderChange {
  /** The columns it sets (besides `updated_at`). */
  set: string;
  /** CTEs between the lock and the change (each after a comma), and what of them the UPDATE joins. */
  before?: string;
  from?: string;
  /** Conditions on `orders` beside the transition's guard (each after `and`). */
  also?: string;
  /** Whether the order's units go back to its lines' parts. */
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
  // Issue 30: a card payment never pays (nor numbers again) an on-account order, invoiced when placed.
  const pay = numbered(`target where ${guardOf('pay', 'target')} and target.payment_method = 'card'`);
  const revive = numbered(`target where ${guardOf('revive', 'target')} and exists (select 1 from taken)`);
  // Issue 30: an on-account order is numbered when placed (`onAccount`), within its credit limit.
  const account = numbered('eligible');

  /** $1: order id. One order's transition `name`: lock it, change it if its guard holds, answer. */
  const changeOne = (name: TransitionName, change: OneOrderChange) => `
    with ${TARGET}${change.before ?? ''}, changed as (
      update orders set ${change.set}, updated_at = now()
      from target${change.from ?? ''}
      where orders.id = target.id and ${guardOf(name, 'orders')}${change.also ?? ''}
      returning orders.*
    )${change.restock ? restockLines('changed') : ''}${events.writersSql(TRANSITIONS[name].event, 'changed')}
    ${answerOf('changed')}`;

  return {
    /**
     * One part (`POST /api/order`): takes the stock and writes the order and its one line in one statement, so the part's row is locked for one
     * round trip instead of a whole transaction (orders for one part queue on that lock). Every
     * rule is in the UPDATE's guard: enough stock, at least the minimum, a total a card can pay
     * (in bigint: price × quantity can pass 2³¹), and the account's unpaid units within their cap
     * (issue 24: read in turn with the account's other placements, so the sum is current). The cap
     * is read once, in `allowed`, before the part's row is locked: orders for one part queue on
     * that row, and a re-check of the guard after the wait does not read the sum again. Answers
     * the order, or no row when the guard let nothing through.
     * $1 part id, $2 quantity, $3 user id, $4 email, $5 phone, $6 address, $7 the largest total in
     * cents, $8 the hold in minutes (0: no expiry), which fixes the order's `pay_by` once, $9 the
     * most unpaid units an account may hold; issue 29: $10 the tax rate in thousandths of a
     * percent, $11 the tax note, $12 the buyer's and $13 the seller's tax number, $14 the tax
     * country (null: no tax decided, no rate line) and $15 region. The one line's tax is
     * LINE_TAX_SQL, the same rule as lineTaxCents; the total (gross) is net + tax. Issue 30: $16
     * the unit price in cents the pricing function gave from $17 the part's price and $18 its
     * breaks (jsonb), which the guard compares (changed since: nothing is placed and the service
     * prices again). The net is taken in bigint: a product of parameters alone would be folded
     * when the statement is planned, and overflow integer for a total the guard refuses.
     * Issue 30, price lists: $19 the stamp of the buyer's price lists the unit price was computed
     * with (PRICE_LISTS_STAMP_OF), compared by the guard like the part's price. $20 the public
     * unit price in cents for the quantity (from $17 and $18), kept on the line (0022).
     */
    place: `
      with allowed as (
        select ${UNPAID_UNITS_OF('$3::text')} + $2::integer <= $9::integer as within_cap
      ), taken as (
        update parts set available = available - $2::integer
        where id = $1::uuid and available >= $2::integer and minimum_order <= $2::integer
          and $16::bigint * $2::integer + ${LINE_TAX_SQL('$16::bigint * $2::integer', '$10::integer')} <= $7::bigint
          and price_cents = $17::integer and price_breaks = $18::jsonb
          and ${PRICE_LISTS_STAMP_OF('$3::text')} = $19::text
          and (select within_cap from allowed)
        returning id, name, part_number, img, description, $16::bigint * $2::integer as net_cents
      ), amounts as (
        select t.id, t.net_cents as net, ${LINE_TAX_SQL('t.net_cents', '$10::integer')} as tax
        from taken as t
      ), placed as (
        insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, part_number, img, description, pay_by,
          net_cents, tax_cents, tax_lines, tax_note, buyer_tax_id, seller_tax_id, tax_country, tax_region, company_id)
        select t.id, $3::text, $4::text, $5::text, $6::text, $2::integer, $16::integer, a.net + a.tax, t.name, t.part_number, t.img, t.description,
          case when $8::float8 > 0 then now() + $8::float8 * interval '1 minute' end,
          a.net, a.tax,
          case when $14::text is null then '[]'::jsonb
            else jsonb_build_array(jsonb_build_object('rate', $10::integer, 'net', a.net, 'tax', a.tax)) end,
          $11::text, $12::text, $13::text, $14::text, $15::text, ${COMPANY_OF('$3::text')}
        from taken as t join amounts as a on a.id = t.id
        returning *
      ), placed_lines as (
        insert into order_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, total_cents, public_unit_price_cents)
        select id, 1, part_id, part_number, name, img, quantity, unit_price_cents, net_cents, $20::integer from placed
        returning *
      )${events.writersSql('placed', 'placed', 'placed_lines')}
      select placed.id, ${orderJsonOf('placed', 'placed_lines')} as "json" from placed`,

    /**
     * Several parts (checkout, issue 27): takes every line's units and writes the order and its
     * lines in one statement, all or nothing. In turn: the account's unpaid units (`allowed`,
     * which takes the account's advisory lock); the order, its lines and its JSON (`answer`),
     * written from the parts as the statement's snapshot has them (`described`, no lock); only then
     * every line's part locked in id order (`locked`, the lock order above; its one-time filter
     * reads `answer` whole first), and one verdict over all lines: each part exists, is not
     * replaced, has the units and the line reaches its minimum; each part's price is still the one
     * the unit price was computed from in Node (the pricing function, contract pricing.ts); the
     * total is one a card can pay; the unpaid units stay within their cap. The parts are changed
     * only if it holds (`placing_allowed`, migration 0024, the UPDATE's one-time filter); if not,
     * it raises 99P27 and the whole statement, order and lines included, rolls back: nothing is
     * placed and no line is taken alone. Why the hot parts' locks come last (docs/PERFORMANCE.md,
     * "Checkout"): every checkout of the same parts waits for them until the holder's commit, so
     * they are held for the check, the update, the in-statement writers and the commit only.
     * Answers one row: the order's id and JSON; a refusal is explained by `placeLinesFacts`.
     * $1 part ids, $2 quantities, $3 unit prices in cents, $4 the part prices they were computed
     * from (arrays in line order, distinct parts), $5 user id, $6 email, $7 phone, $8 address,
     * $9 the largest total in cents, $10 the hold in minutes (0: no expiry), $11 the most unpaid
     * units an account may hold; issue 28: $12 the shipping address's copy and $13 the billing
     * address's (jsonb or null), $14 the shipping method's id, $15 its name, $16 the shipping
     * price in cents, $17 the parcel's grams (all null without shipping). The shipping price joins
     * the total (the card limit applies to both). Issue 29: $18 the tax in cents and $19 its
     * lines per rate (jsonb), computed in Node from these unit prices (lib/tax-amounts.ts, which
     * the quote uses too; the verdict's price check keeps them true), $20 the tax note, $21 the
     * buyer's and $22 the seller's tax number, $23 the tax country and $24 region. The total is
     * the gross: goods + shipping + tax. Issue 30: $25 each line's
     * part breaks the unit price was computed from (a jsonb array in line order), compared like the price.
     * Issue 30, price lists: $26 the stamp of the buyer's price lists the unit prices were computed
     * with (PRICE_LISTS_STAMP_OF), compared in the verdict; the answer's `priceListsStamp` is the
     * current one, so a refusal tells the service to price again. $27 each line's public unit
     * price in cents for its quantity (from $4 and $25), kept on the line (0022).
     */
    placeLines: `
      with input as (
        select i.part_id, i.quantity, i.unit_cents, i.list_cents, i.public_cents, i.position::integer as position
        from unnest($1::uuid[], $2::integer[], $3::integer[], $4::integer[], $27::integer[])
          with ordinality as i(part_id, quantity, unit_cents, list_cents, public_cents, position)
      ), allowed as materialized (
        select ${UNPAID_UNITS_OF('$5::text')} as unpaid
      ), described as materialized (
        select p.id, p.name, p.part_number, p.img, p.description
        from parts as p
        where p.id = any($1::uuid[]) and (select unpaid from allowed) is not null
      ), totals as (
        select count(*)::integer as n, sum(quantity) as units, sum(unit_cents::bigint * quantity) as cents from input
      ), placed as (
        insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, part_number, img, description, pay_by,
          shipping_address, billing_address, shipping_method_id, shipping_method_name, shipping_cents, shipping_weight_grams,
          net_cents, tax_cents, tax_lines, tax_note, buyer_tax_id, seller_tax_id, tax_country, tax_region, company_id)
        select f.part_id, $5::text, $6::text, $7::text, $8::text, totals.units, f.unit_cents,
          totals.cents + coalesce($16::integer, 0) + $18::integer,
          case when totals.n = 1 then l.name
            else l.name || ' and ' || (totals.n - 1) || case when totals.n = 2 then ' more part' else ' more parts' end end,
          l.part_number, l.img, l.description,
          case when $10::float8 > 0 then now() + $10::float8 * interval '1 minute' end,
          $12::jsonb, $13::jsonb, $14::uuid, $15::text, $16::integer, $17::integer,
          totals.cents + coalesce($16::integer, 0), $18::integer, $19::jsonb, $20::text, $21::text, $22::text, $23::text, $24::text,
          ${COMPANY_OF('$5::text')}
        from input as f join described as l on l.id = f.part_id, totals
        where f.position = 1
        returning *
      ), placed_lines as (
        insert into order_lines (order_id, position, part_id, part_number, name, img, quantity, unit_price_cents, total_cents, public_unit_price_cents)
        select placed.id, i.position, i.part_id, l.part_number, l.name, l.img, i.quantity, i.unit_cents,
          i.unit_cents::bigint * i.quantity, i.public_cents
        from placed, input as i join described as l on l.id = i.part_id
        returning *
      ), answer as materialized (
        select p.id, ${orderJsonOf('p', 'placed_lines')} as json from placed as p
      ), locked as materialized (
        select p.id, p.available, p.minimum_order, p.price_cents, p.price_breaks, p.replaced_by
        from parts as p
        where p.id = any($1::uuid[]) and (select count(*) from answer) = 1
        order by p.id for no key update
      ), verdict as (
        select count(*) = cardinality($1::uuid[])
          and coalesce(bool_and(l.available >= i.quantity and l.minimum_order <= i.quantity
            and l.price_cents = i.list_cents and l.price_breaks = ($25::jsonb -> (i.position - 1))
            and l.replaced_by is null), false)
          and ${PRICE_LISTS_STAMP_OF('$5::text')} = $26::text
          and sum(i.unit_cents::bigint * i.quantity) + coalesce($16::integer, 0) + $18::integer <= $9::bigint
          and (select unpaid from allowed) + sum(i.quantity) <= $11::integer as ok
        from input as i join locked as l on l.id = i.part_id
      ), taken as (
        update parts set available = parts.available - i.quantity
        from input as i
        where parts.id = i.part_id and (select placing_allowed(ok) from verdict)
        returning parts.id
      )${events.writersSql('placed', 'placed', 'placed_lines')}
      select answer.id, answer.json, (select count(*) from taken)::integer as "taken" from answer`,

    /**
     * Why `placeLines` placed nothing (it raised 99P27, rolling itself back): the parts as they
     * are now (JSON text, `facts`), the account's unpaid units and the stamp of the buyer's
     * price lists. Read after the refusal, not under its locks: lines-placement.ts explains the
     * refusal from them, or, when they would pass now (the stock came back meanwhile), places once
     * more. $1 part ids, $2 user id.
     */
    placeLinesFacts: `
      select (
          select coalesce(json_agg(json_build_object('partId', p.id, 'available', p.available,
            'minimunOrder', p.minimum_order, 'priceCents', p.price_cents, 'priceBreaks', p.price_breaks,
            'replaced', p.replaced_by is not null)), '[]')::text
          from parts as p where p.id = any($1::uuid[])) as "facts",
        ${UNPAID_UNITS_OF('$2::text')}::integer as "unpaidUnits",
        ${PRICE_LISTS_STAMP_OF('$2::text')} as "priceListsStamp"`,

    /**
     * $2 payment id. Marks a placed order paid (with its number, when paid orders are numbered).
     * Numbering reads the locked order's guard first, so a replay never touches the counter; the
     * first confirmation wins and the others find the order paid.
     */
    pay: changeOne('pay', {
      before: pay.cte,
      set: `paid_at = now(), payment_id = $2::text${pay.set}`,
      from: pay.from,
      also: " and orders.payment_method = 'card'",
    }),

    /**
     * $2 payment id. A payment succeeded for an expired order: takes every line's units again if
     * every part still has them and marks it paid, all or nothing. Unchanged and still expired:
     * the stock (of at least one line) is gone.
     */
    revive: changeOne('revive', {
      before: `${TAKE_LINES_AGAIN}${revive.cte}`,
      set: `expired_at = null, paid_at = now(), payment_id = $2::text${revive.set}`,
      from: revive.from,
      also: ' and exists (select 1 from taken)',
    }),

    /** Ships a paid order once: a second click (or a second admin) changes nothing. */
    ship: changeOne('ship', { set: 'shipped_at = now()' }),

    /**
     * $1 order id. Deletes an unpaid order and gives every line's units back; an expired order's
     * units went back when it expired, so deleting it restocks nothing. In-statement writers on
     * `cancelled` see the deleted row (no foreign key can point at it), and its lines: the
     * statement reads `order_lines` as they were before it, the cascade deletes them after.
     */
    cancel: `
      with ${TARGET}, changed as (
        delete from orders using target
        where orders.id = target.id and ${guardOf('cancel', 'orders')}
        returning orders.*
      )${restockLines('changed', inState(['placed'], 'c'))}${events.writersSql('cancelled', 'changed')}
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
      )${restockLines('changed')}${events.writersSql('expired', 'changed')}
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

    /**
     * Issue 30 (PRODUCT.md §26). $1 company id. Placing on account takes the company's turn: this
     * transaction-scoped advisory lock is taken first in the transaction that places the order and
     * then `onAccount`, so one company's on-account placements run one after another on every
     * instance and each reads the open balance the one before it committed.
     */
    accountLock: `select pg_advisory_xact_lock(30021, hashtext($1::text)) is null as "locked"`,

    /**
     * Issue 30. Turns the order just placed (in the same transaction, after `accountLock`) into an
     * on-account order if the company's open balance (its on-account orders not paid nor
     * refunded, gross) plus this order stays within the credit limit: no hold (pay_by null), the
     * terms, the due date (the placing date in UTC + net days), the PO number and its invoice
     * number (a sale on credit is invoiced when placed: the year's next number, the same counter
     * and guarantees as a payment's). No row changed: over the limit, and the caller rolls the
     * whole transaction back (nothing placed). Answers the order's JSON when changed, and always
     * the open balance before it and its total. The placing's in-statement rows that tell the
     * order (its "placed" e-mail) are amended to the order on account (`amendersSql`).
     * $1 order id, $2 company id, $3 credit limit in cents, $4 net days, $5 PO number (or null).
     */
    onAccount: `
      with target as (
        select * from orders where id = $1::uuid and payment_method = 'card' and ${guardOf('settle', 'orders')} for update
      ), open as (
        select coalesce(sum(total_cents), 0)::bigint as cents from orders
        where company_id = $2::uuid and payment_method = 'account' and paid_at is null and refunded_at is null
          and id <> $1::uuid
      ), eligible as (
        select target.* from target, open where open.cents + target.total_cents <= $3::bigint
      )${account.cte}, changed as (
        update orders set payment_method = 'account', company_id = $2::uuid, net_days = $4::integer, po_number = $5::text,
          due_on = (orders.created_at at time zone 'UTC')::date + $4::integer, pay_by = null,
          updated_at = now()${account.set}
        from eligible${account.from}
        where orders.id = eligible.id
        returning orders.*
      )${events.amendersSql('placed', 'changed')}
      select (select id from changed) as "id", (select ${orderJsonOf('c')} from changed as c) as "json",
        (select cents from open)::bigint as "openCents", (select total_cents from target) as "totalCents"`,

    /**
     * Issue 30. $2 the payment's reference (or null), $3 the day the money arrived (or null:
     * today, UTC). The shop recorded an on-account order's payment: it becomes paid (its invoice
     * number stays the one it was placed with). The payment record's id is `account-<order id>`.
     */
    settle: changeOne('settle', {
      set: `paid_at = now(), payment_id = 'account-' || orders.id, payment_recorded_at = now(),
        payment_reference = $2::text, paid_on = coalesce($3::date, (now() at time zone 'UTC')::date)`,
      also: " and orders.payment_method = 'account'",
    }),
  };
}
export type OrderStatements = ReturnType<typeof orderStatements>;

import { enqueueOrderMail } from '../mail/outbox-sql.ts';

/**
 * The one definition of an order's API JSON (the contract's `order`): PostgreSQL writes it, for
 * lists and single orders alike, so rows are never mapped, dates never parsed and the zod
 * serialiser never run in Node (a 20-order list spent most of its time there; docs/decisions/005).
 * `row_to_json` writes no spaces and keeps the column order, which is the contract's key order;
 * dollars are `cents / 100` without trailing zeros (as a JS number prints); timestamps are ISO
 * 8601 in UTC with milliseconds, cut (not rounded) as a JS Date cuts microseconds.
 * test/order-json.test.ts checks the bytes against the contract's schema.
 *
 * `alias` names a row of the orders table (or a CTE returning its columns).
 */
export function orderJsonOf(alias: string): string {
  const iso = (column: string) => `to_char(${alias}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `(select row_to_json(o)::text from (select
    ${alias}.id as "_id",
    ${alias}.part_id as "partId",
    ${alias}.email as "email",
    ${alias}.phone as "phone",
    ${alias}.address as "address",
    ${alias}.quantity as "quantity",
    trim_scale(${alias}.total_cents / 100.0) as "price",
    trim_scale(${alias}.unit_price_cents / 100.0) as "unitPrice",
    ${alias}.name as "name",
    ${alias}.img as "img",
    ${alias}.description as "des",
    ${alias}.paid_at is not null as "payment",
    ${alias}.payment_id as "paymentId",
    ${alias}.invoice_number as "invoiceNumber",
    case when ${alias}.shipped_at is not null then 'shipped' end as "status",
    ${iso('created_at')} as "createdAt",
    ${iso('paid_at')} as "paidAt",
    ${iso('shipped_at')} as "shippedAt",
    ${iso('pay_by')} as "payBy",
    ${iso('expired_at')} as "expiredAt",
    ${iso('refunded_at')} as "refundedAt"
  ) o)`;
}

/** Statements answering one order as `json`, next to the order's own columns where a caller decides on them. */

/** $1: order id. The order's JSON and the facts the services decide on. */
export const ORDER_BY_ID = `
  select o.id, o.email, o.part_id as "partId", o.total_cents as "totalCents", o.payment_intent_id as "paymentIntentId",
    o.payment_id as "paymentId", o.paid_at as "paidAt", o.shipped_at as "shippedAt", o.pay_by as "payBy",
    o.expired_at as "expiredAt", o.refunded_at as "refundedAt", ${orderJsonOf('o')} as "json"
  from orders as o where o.id = $1::uuid`;

/**
 * $1: order id. Deletes an unpaid order and gives its units back in one auto-committed
 * statement; the `paid_at is null` guard makes a cancel that races a payment lose cleanly. An
 * expired order's units went back when it expired, so deleting it restocks nothing. A refunded
 * order is the only local record of its refund and is never deleted.
 */
export const CANCEL_UNPAID_ORDER = `
  with cancelled as (
    delete from orders where id = $1::uuid and paid_at is null and refunded_at is null returning *
  ), restocked as (
    update parts set available = parts.available + cancelled.quantity
    from cancelled where parts.id = cancelled.part_id and cancelled.expired_at is null
  )
  select ${orderJsonOf('cancelled')} as "json" from cancelled`;

/** $1: order id. Ships a paid order once: a second click (or a second admin) changes nothing. */
export const SHIP_PAID_ORDER = `
  with shipped as (
    update orders set shipped_at = now(), updated_at = now()
    where id = $1::uuid and paid_at is not null and shipped_at is null returning *
  ), mailed as (${enqueueOrderMail('order-shipped', 'shipped')})
  select ${orderJsonOf('shipped')} as "json" from shipped`;

/** The payment record of PRODUCT.md §3 for each paid order `source` (a FROM clause) yields, once per payment id. */
export const insertPaymentRecord = (source: string) => `
    insert into payments (payment_id, order_id, amount_cents, quantity, email, name)
    select payment_id, id, total_cents, quantity, email, name from ${source}
    on conflict (payment_id) do nothing`;

/**
 * The year's next invoice number, taken once for each row `source` (a FROM clause) yields: the
 * counter's row stays locked until the statement commits, so concurrent payments take
 * consecutive numbers and a failed statement gives its number back (no gaps, no duplicates).
 */
export const NEXT_INVOICE_NUMBER = (source: string) => `
    insert into invoice_counters (year, last_number)
    select extract(year from now() at time zone 'UTC')::integer, 1 from ${source}
    on conflict (year) do update set last_number = invoice_counters.last_number + 1
    returning year, last_number`;

/** `INV-2026-000123` from a row of NEXT_INVOICE_NUMBER. */
export const INVOICE_NUMBER_OF = (alias: string) =>
  `'INV-' || ${alias}.year || '-' || lpad(${alias}.last_number::text, 6, '0')`;

/**
 * $1 order id, $2 payment id. Marks an unpaid order paid, gives it the next invoice number of the
 * year, writes its payment record (PRODUCT.md §3) and the payment e-mail, in one statement. The
 * `paid_at is null` guard (taken with the row's lock first, so a losing replay never touches the
 * counter) lets the first confirmation win; the others find no row and are replays. The counter's
 * row stays locked until the statement commits, so concurrent payments take consecutive numbers
 * and a failed statement gives its number back: no gaps, no duplicates. An expired order holds no
 * stock, so it is never marked paid here (order-holds.ts revives it, or the payment is refunded).
 */
export const MARK_ORDER_PAID = `
  with target as (
    select id from orders where id = $1::uuid and paid_at is null and expired_at is null for update
  ), numbered as (
    ${NEXT_INVOICE_NUMBER('target')}
  ), paid as (
    update orders set paid_at = now(), payment_id = $2::text, updated_at = now(),
      invoice_number = ${INVOICE_NUMBER_OF('numbered')}
    from numbered
    where orders.id = $1::uuid and orders.paid_at is null and orders.expired_at is null returning orders.*
  ), recorded as (${insertPaymentRecord('paid')}
  ), mailed as (${enqueueOrderMail('payment-received', 'paid')})
  select ${orderJsonOf('paid')} as "json" from paid`;

/** $1 order id, $2 payment id: the payment record of a paid order, if it is missing (answers the new row's id). */
export const RECORD_PAYMENT = `${insertPaymentRecord('orders where id = $1::uuid and payment_id = $2::text')}
  returning id`;

/** A JSON array of the orders `where` selects, oldest first (as the Drizzle lists were). */
const listJson = (where: string) =>
  `select coalesce('[' || string_agg(${orderJsonOf('listed')}, ',' order by listed.created_at, listed.id) || ']', '[]') as "json"
  from orders as listed where ${where}`;

/** $1: the owner's email. */
export const ORDERS_OF_EMAIL_JSON = listJson('listed.email = $1');
export const ALL_ORDERS_JSON = listJson('true');

/**
 * The units the account `userId` (an SQL expression) holds in unpaid orders (expired ones hold
 * none), read in turn: `unpaid_units_in_turn` (migration 0008) takes the account's advisory lock
 * for the rest of the transaction, then sums with a fresh snapshot, so one account's placements
 * take turns inside PostgreSQL and each sees the orders placed before it, on any instance.
 */
const UNPAID_UNITS_OF = (userId: string) => `unpaid_units_in_turn(${userId})`;

/**
 * $1 part id, $2 user id. What a refused placement is explained by: the part's rules and the
 * units the account holds unpaid (no row: no such part).
 */
export const PLACEMENT_FACTS = `
  select available, minimum_order as "minimunOrder", price_cents as "priceCents",
    ${UNPAID_UNITS_OF('$2::text')}::integer as "unpaidUnits"
  from parts where id = $1::uuid`;

/**
 * Takes the stock and writes the order in one auto-committed statement, so the part's row is
 * locked for one round trip instead of a whole transaction (orders for one part queue on that
 * lock). Every rule is in the UPDATE's guard: enough stock, at least the minimum, a total a card
 * can pay (in bigint: price × quantity can pass 2³¹), and the account's unpaid units within
 * their cap (read in turn with the account's other placements, so the sum is current). The cap
 * is read once, in `allowed`, before the part's row is locked: orders for one part queue on that
 * row, and a re-check of the guard after the wait does not read the sum again.
 * Answers the order's JSON, or no row when the guard let nothing through.
 * $1 part id, $2 quantity, $3 user id, $4 email, $5 phone, $6 address, $7 the largest total in cents,
 * $8 the hold in minutes (0: no expiry), which fixes the order's `pay_by` once, $9 the most unpaid
 * units an account may hold.
 */
export const PLACE_ORDER_JSON = `
  with allowed as (
    select ${UNPAID_UNITS_OF('$3::text')} + $2::integer <= $9::integer as within_cap
  ), taken as (
    update parts set available = available - $2::integer
    where id = $1::uuid and available >= $2::integer and minimum_order <= $2::integer
      and price_cents::bigint * $2::integer <= $7::bigint
      and (select within_cap from allowed)
    returning id, name, img, description, price_cents
  ), placed as (
    insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, img, description, pay_by)
    select id, $3::text, $4::text, $5::text, $6::text, $2::integer, price_cents, price_cents * $2::integer, name, img, description,
      case when $8::float8 > 0 then now() + $8::float8 * interval '1 minute' end
    from taken
    returning *
  ), mailed as (${enqueueOrderMail('order-placed', 'placed')})
  select ${orderJsonOf('placed')} as "json" from placed`;

/**
 * The paged admin list (`GET /api/orders?limit=`): one row per order of `orders as listed`, its
 * JSON (the same definition as everywhere) and its keyset, `k0` created_at and `k1` id, newest
 * first. The repository adds the filters and the keyset condition; Node joins the rows into the
 * array without parsing them.
 */
export const ORDER_PAGE_COLUMNS = `${orderJsonOf('listed')} as "json", (listed.created_at)::text as "k0", (listed.id)::text as "k1"`;

/**
 * The CSV export's columns (`GET /api/orders/export.csv`), in the file's order; dollars with two
 * decimals, times in ISO 8601 UTC, plus the keyset (`k0`, `k1`) the export reads in batches by.
 */
export const ORDER_EXPORT_COLUMNS = `listed.id as "id",
  to_char(listed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "created",
  listed.email as "email", listed.phone as "phone", listed.address as "address", listed.name as "part",
  listed.quantity as "quantity",
  to_char(listed.unit_price_cents / 100.0, 'FM99999990.00') as "unitPrice",
  to_char(listed.total_cents / 100.0, 'FM99999990.00') as "total",
  to_char(listed.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "paidAt",
  listed.payment_id as "paymentId",
  to_char(listed.shipped_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "shippedAt",
  (listed.created_at)::text as "k0", (listed.id)::text as "k1"`;

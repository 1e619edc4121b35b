/**
 * An order's API JSON built by PostgreSQL: the same bytes as `JSON.stringify(toOrder(row))`
 * (orders-repository.ts), without mapping rows, parsing dates and running the zod serialiser in
 * Node (a 20-order list spent most of its time there). `row_to_json` writes no spaces and keeps
 * the column order, which is the contract's key order; dollars are `cents / 100` without
 * trailing zeros (as a JS number prints); timestamps are ISO 8601 in UTC with milliseconds, cut
 * (not rounded) as a JS Date cuts microseconds. test/order-json.test.ts compares both forms.
 *
 * `alias` names a row of the orders table (or a CTE returning its columns).
 */
function orderJsonOf(alias: string): string {
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
    case when ${alias}.shipped_at is not null then 'shipped' end as "status",
    ${iso('created_at')} as "createdAt",
    ${iso('paid_at')} as "paidAt",
    ${iso('shipped_at')} as "shippedAt"
  ) o)`;
}

/** A JSON array of the orders `where` selects, oldest first (as the Drizzle lists were). */
const listJson = (where: string) =>
  `select coalesce('[' || string_agg(${orderJsonOf('listed')}, ',' order by listed.created_at, listed.id) || ']', '[]') as "json"
  from orders as listed where ${where}`;

/** $1: the owner's email. */
export const ORDERS_OF_EMAIL_JSON = listJson('listed.email = $1');
export const ALL_ORDERS_JSON = listJson('true');

/**
 * Takes the stock and writes the order in one auto-committed statement, so the part's row is
 * locked for one round trip instead of a whole transaction (orders for one part queue on that
 * lock). Every rule is in the UPDATE's guard: enough stock, at least the minimum, a total a card
 * can pay (in bigint: price × quantity can pass 2³¹). Answers the order's JSON, or no row when
 * the guard let nothing through.
 * $1 part id, $2 quantity, $3 user id, $4 email, $5 phone, $6 address, $7 the largest total in cents.
 */
export const PLACE_ORDER_JSON = `
  with taken as (
    update parts set available = available - $2::integer, updated_at = now()
    where id = $1::uuid and available >= $2::integer and minimum_order <= $2::integer
      and price_cents::bigint * $2::integer <= $7::bigint
    returning id, name, img, description, price_cents
  ), placed as (
    insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, img, description)
    select id, $3::text, $4::text, $5::text, $6::text, $2::integer, price_cents, price_cents * $2::integer, name, img, description
    from taken
    returning *
  )
  select ${orderJsonOf('placed')} as "json" from placed`;

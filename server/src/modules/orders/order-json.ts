/**
 * The one definition of an order's API JSON (the contract's `order`): PostgreSQL writes it, for
 * lists and single orders alike, so rows are never mapped, dates never parsed and the zod
 * serialiser never run in Node (a 20-order list spent most of its time there; docs/decisions/005).
 * `row_to_json` writes no spaces and keeps the column order, which is the contract's key order;
 * dollars are `cents / 100` without trailing zeros (as a JS number prints); timestamps are ISO
 * 8601 in UTC with milliseconds, cut (not rounded) as a JS Date cuts microseconds.
 * test/order-json.test.ts checks the bytes against the contract's schema.
 *
 * `alias` names a row of the orders table (or a CTE returning its columns); `lines` the relation
 * its lines are read from: the `order_lines` table, or the CTE that inserted them in the placing
 * statement (a statement does not see the rows its own CTEs write).
 */
export function orderJsonOf(alias: string, lines = 'order_lines'): string {
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
    ${alias}.part_number as "partNumber",
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
    ${iso('refunded_at')} as "refundedAt",
    ${linesJsonOf(alias, lines)} as "lines",
    ${addressJsonOf(`${alias}.shipping_address`)} as "shippingAddress",
    ${addressJsonOf(`${alias}.billing_address`)} as "billingAddress",
    case when ${alias}.shipping_method_name is not null then (select row_to_json(s) from (select
      ${alias}.shipping_method_id as "methodId", ${alias}.shipping_method_name as "name",
      trim_scale(${alias}.shipping_cents / 100.0) as "price", ${alias}.shipping_weight_grams as "weightGrams") as s) end as "shipping",
    trim_scale(coalesce(${alias}.net_cents, ${alias}.total_cents - ${alias}.tax_cents) / 100.0) as "net",
    trim_scale(${alias}.total_cents / 100.0) as "gross",
    ${taxJsonOf(alias)} as "tax",
    ${creditNotesJsonOf(alias)} as "creditNotes",
    ${alias}.payment_method as "paymentMethod",
    ${accountJsonOf(alias)} as "account"
  ) o)`;
}

/**
 * The contract's `creditNoteRef` array of the order `alias` (issue 29, table credit_notes written
 * by modules/invoices), oldest first, joined without spaces as the order itself is written.
 */
function creditNotesJsonOf(alias: string): string {
  return `(select coalesce('[' || string_agg(n.json, ',' order by n.issued_at, n.number) || ']', '[]')::json
    from (select cn.issued_at, cn.number, (select row_to_json(r)::text from (select cn.number as "number",
      to_char(cn.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "issuedAt") as r) as json
      from credit_notes as cn where cn.order_id = ${alias}.id) as n)`;
}

/** The contract's `orderAccount` of the order `alias` (issue 30, migration 0021): null for a card order. */
function accountJsonOf(alias: string): string {
  return `case when ${alias}.payment_method = 'account' then (select row_to_json(a) from (select
      ${alias}.po_number as "poNumber", ${alias}.net_days as "netDays", to_char(${alias}.due_on, 'YYYY-MM-DD') as "dueOn",
      to_char(${alias}.payment_recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "paymentRecordedAt",
      ${alias}.payment_reference as "paymentReference", to_char(${alias}.paid_on, 'YYYY-MM-DD') as "paidOn",
      ${alias}.reminders_sent as "remindersSent") as a) end`;
}

/**
 * The contract's `orderTax` of the order `alias` (issue 29): its rate lines from `tax_lines`
 * (stored in cents and thousandths of a percent), its tax total and its note.
 */
function taxJsonOf(alias: string): string {
  return `(select row_to_json(t) from (select
      (select coalesce('[' || string_agg(
        (select row_to_json(r)::text from (select trim_scale((l.value->>'rate')::numeric / 1000) as "rate",
          trim_scale((l.value->>'net')::numeric / 100) as "net", trim_scale((l.value->>'tax')::numeric / 100) as "tax") as r),
        ',' order by l.ordinality) || ']', '[]')::json
        from jsonb_array_elements(${alias}.tax_lines) with ordinality as l(value, ordinality)) as "lines",
      trim_scale(${alias}.tax_cents / 100.0) as "total",
      ${alias}.tax_note as "note") as t)`;
}

/** The contract's postalAddress fields, in its key order (a jsonb column keeps its own key order). */
const ADDRESS_KEYS = [
  'label',
  'company',
  'name',
  'line1',
  'line2',
  'postalCode',
  'city',
  'region',
  'country',
  'countryName',
  'phone',
] as const;

/** A stored address copy (a jsonb column, `column`) as the contract's `postalAddress`, or null. */
function addressJsonOf(column: string): string {
  const fields = ADDRESS_KEYS.map((key) => `${column}->>'${key}' as "${key}"`).join(', ');
  return `case when ${column} is not null then (select row_to_json(a) from (select ${fields}) as a) end`;
}

/**
 * The contract's `orderLine` array of the order `alias`, in position order, from `lines` (a
 * relation with the columns of `order_lines`): `row_to_json` per line, joined without spaces,
 * as the order itself is written; `publicUnitPrice` is appended only where the buyer paid less.
 */
function linesJsonOf(alias: string, lines: string): string {
  return `(select coalesce('[' || string_agg(l.json, ',' order by l.position) || ']', '[]')::json
    from (select ol.position, (select left(row_to_json(r)::text, -1) from (select ol.part_id as "partId",
      ol.part_number as "partNumber", ol.name as "name", ol.img as "img", ol.quantity as "quantity",
      trim_scale(ol.unit_price_cents / 100.0) as "unitPrice", trim_scale(ol.total_cents / 100.0) as "total") as r)
      || case when ol.public_unit_price_cents > ol.unit_price_cents
        then ',"publicUnitPrice":' || trim_scale(ol.public_unit_price_cents / 100.0)::text else '' end || '}' as json
      from ${lines} as ol where ol.order_id = ${alias}.id) as l)`;
}

/** Statements answering one order as `json`, next to the order's own columns where a caller decides on them. */

/** $1: order id. The order's JSON and the facts the services decide on. */
export const ORDER_BY_ID = `
  select o.id, o.email, o.part_id as "partId", o.quantity, o.name, o.total_cents as "totalCents",
    o.payment_intent_id as "paymentIntentId",
    o.payment_id as "paymentId", o.paid_at as "paidAt", o.shipped_at as "shippedAt", o.pay_by as "payBy",
    o.expired_at as "expiredAt", o.refunded_at as "refundedAt", o.payment_method as "paymentMethod",
    ${orderJsonOf('o')} as "json"
  from orders as o where o.id = $1::uuid`;

/**
 * The units the account `userId` (an SQL expression) holds in unpaid orders (expired ones hold
 * none), read in turn: `unpaid_units_in_turn` (migration 0009) takes the account's advisory lock
 * for the rest of the transaction, then sums with a fresh snapshot, so one account's placements
 * take turns inside PostgreSQL and each sees the orders placed before it, on any instance.
 */
export const UNPAID_UNITS_OF = (userId: string) => `unpaid_units_in_turn(${userId})`;

/**
 * $1 part id, $2 user id. What a refused placement is explained by: the part's rules and the
 * units the account holds unpaid (no row: no such part).
 */
export const PLACEMENT_FACTS = `
  select available, minimum_order as "minimunOrder", price_cents as "priceCents",
    ${UNPAID_UNITS_OF('$2::text')}::integer as "unpaidUnits"
  from parts where id = $1::uuid`;

/** A JSON array of the orders `where` selects, oldest first (as the Drizzle lists were). */
const listJson = (where: string) =>
  `select coalesce('[' || string_agg(${orderJsonOf('listed')}, ',' order by listed.created_at, listed.id) || ']', '[]') as "json"
  from orders as listed where ${where}`;

/** $1: the owner's email. */
export const ORDERS_OF_EMAIL_JSON = listJson('listed.email = $1');
export const ALL_ORDERS_JSON = listJson('true');

/**
 * The paged admin list (`GET /api/orders?limit=`): one row per order of `orders as listed`, its
 * JSON (the same definition as everywhere) and its keyset, `k0` created_at and `k1` id, newest
 * first. The repository adds the filters and the keyset condition; Node joins the rows into the
 * array without parsing them.
 */
export const ORDER_PAGE_COLUMNS = `${orderJsonOf('listed')} as "json", (listed.created_at)::text as "k0", (listed.id)::text as "k1"`;

/** One CSV line's part columns as a JSON object, from the given SQL expressions. */
const exportLineOf = (name: string, partNumber: string, quantity: string, unitCents: string, totalCents: string) =>
  `json_build_object('part', ${name}, 'partNumber', ${partNumber}, 'quantity', ${quantity},
    'unitPrice', to_char(${unitCents} / 100.0, 'FM99999990.00'), 'total', to_char(${totalCents} / 100.0, 'FM99999990.00'))`;

/**
 * The CSV export's columns (`GET /api/orders/export.csv`) for one order, plus its lines as JSON
 * text (`lines`, in position order) that the repository turns into one row per line; dollars with
 * two decimals, times in ISO 8601 UTC. A one-line order's row is written from the order's own
 * columns, as it always was (the spec's fields are its line's), its line total unit price ×
 * quantity (the order's total is the gross since issue 29); a several-line order's rows from
 * its lines. Plus the keyset (`k0`, `k1`) the export reads in batches by (a batch is whole
 * orders, so an order's rows are never split between batches).
 */
export const ORDER_EXPORT_COLUMNS = `listed.id as "id",
  to_char(listed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "created",
  listed.email as "email", listed.phone as "phone", listed.address as "address",
  (select case when count(*) > 1
      then json_agg(${exportLineOf('ol.name', 'ol.part_number', 'ol.quantity', 'ol.unit_price_cents', 'ol.total_cents')} order by ol.position)
      else json_build_array(${exportLineOf('listed.name', 'listed.part_number', 'listed.quantity', 'listed.unit_price_cents', 'listed.unit_price_cents::bigint * listed.quantity')})
    end::text
    from order_lines as ol where ol.order_id = listed.id) as "lines",
  to_char(listed.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "paidAt",
  listed.payment_id as "paymentId",
  to_char(listed.shipped_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "shippedAt",
  listed.shipping_method_name as "shippingMethod", listed.shipping_weight_grams as "shippingWeightGrams",
  to_char(listed.shipping_cents / 100.0, 'FM99999990.00') as "shipping",
  to_char(coalesce(listed.net_cents, listed.total_cents - listed.tax_cents) / 100.0, 'FM99999990.00') as "net",
  to_char(listed.tax_cents / 100.0, 'FM99999990.00') as "tax",
  to_char(listed.total_cents / 100.0, 'FM99999990.00') as "gross",
  (listed.created_at)::text as "k0", (listed.id)::text as "k1"`;

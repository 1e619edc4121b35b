/**
 * The facts an e-mail about an order and its invoice need, as one JSON object built from a row of
 * the orders table (or a CTE returning its columns) named `alias`. The order statements
 * (orders/order-json.ts) put it in the outbox row they write, so the message and the invoice PDF
 * are rendered at delivery from what was true when the change happened.
 */
export function orderFactsOf(alias: string): string {
  return `json_build_object(
    'orderId', ${alias}.id,
    'email', ${alias}.email,
    'buyerName', (select u.name from "user" as u where u.id = ${alias}.user_id),
    'phone', ${alias}.phone,
    'address', ${alias}.address,
    'partName', ${alias}.name,
    'quantity', ${alias}.quantity,
    'unitPriceCents', ${alias}.unit_price_cents,
    'totalCents', ${alias}.total_cents,
    'paymentId', ${alias}.payment_id,
    'invoiceNumber', ${alias}.invoice_number,
    'createdAt', ${alias}.created_at,
    'paidAt', ${alias}.paid_at,
    'shippedAt', ${alias}.shipped_at
  )`;
}

/** $1: order id. The invoice facts of a paid order (no row before payment). */
export const INVOICE_FACTS = `
  select ${orderFactsOf('o')} as "facts" from orders as o where o.id = $1::uuid and o.invoice_number is not null`;

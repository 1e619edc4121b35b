import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import type { InStatementWriter } from '../orders/order-events.ts';

/** $1 payment id, $2 order id, $3 amount in cents, $4 quantity, $5 email, $6 name. */
const RECORD_PAYMENT = `
  insert into payments (payment_id, order_id, amount_cents, quantity, email, name)
  values ($1::text, $2::uuid, $3::integer, $4::integer, $5::text, $6::text)
  on conflict (payment_id) do nothing
  returning id`;

export interface PaidOrderFacts {
  id: string;
  paymentId: string;
  totalCents: number;
  quantity: number;
  email: string;
  name: string;
}

/** The payment records of PRODUCT.md §3 (`payments`), one per payment id. */
export function createPaymentsRepository(db: Db) {
  return {
    /**
     * Writes the record in the paying statement (an in-statement writer on the order machine's
     * `paid`), once per payment id: it exists exactly when the payment does.
     */
    recordWriter: {
      name: 'payment_recorded',
      write: (changed: string) => `payment_recorded as (
        insert into payments (payment_id, order_id, amount_cents, quantity, email, name)
        select payment_id, id, total_cents, quantity, email, name from ${changed}
        on conflict (payment_id) do nothing)`,
    } satisfies InStatementWriter,

    /** The record of a paid order's payment, written now if it is missing (an order paid before records existed). */
    async recordOf(order: PaidOrderFacts) {
      const inserted = await preparedQuery(db, 'payments_record', RECORD_PAYMENT, [
        order.paymentId,
        order.id,
        order.totalCents,
        order.quantity,
        order.email,
        order.name,
      ]);
      const [record] = await db.select().from(payments).where(eq(payments.paymentId, order.paymentId));
      return record ? { record, created: inserted.length > 0 } : undefined;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

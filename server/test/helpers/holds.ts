import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/** Ends an order's hold now, as if its pay-by time had passed (the sweep has not run yet). */
export async function endHold(t: TestApp, orderId: string): Promise<void> {
  await t.db.database.db.execute(
    sql`update orders set pay_by = now() - interval '1 second' where id = ${orderId}::uuid`,
  );
}

/**
 * Stock conservation, for each part a test made: sold (paid orders) + held (unpaid orders not
 * expired) + remaining (available) = the stock it was created with. Expired and refunded orders
 * hold nothing; cancelled ones are deleted.
 */
export async function assertStockBalanced(t: TestApp, initial: Map<string, number>): Promise<void> {
  for (const [partId, stock] of initial) {
    const result = await t.db.database.db.execute(sql`
      select p.available::integer as available,
        coalesce((select sum(o.quantity) from orders o where o.part_id = p.id and o.paid_at is not null), 0)::integer as sold,
        coalesce((select sum(o.quantity) from orders o where o.part_id = p.id and o.paid_at is null and o.expired_at is null), 0)::integer as held
      from parts p where p.id = ${partId}::uuid`);
    const row = (result as unknown as { rows: { available: number; sold: number; held: number }[] }).rows[0]!;
    assert.equal(
      row.sold + row.held + row.available,
      stock,
      `part ${partId}: sold ${row.sold} + held ${row.held} + remaining ${row.available} ≠ ${stock}`,
    );
  }
}

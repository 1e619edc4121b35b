-- Issue 17: the admin overview (modules/stats) reads orders by the instant they were paid, placed
-- (unpaid ones) and shipped. Each index holds only the rows its question is about and carries the
-- columns the answer sums, so the figures come from index-only scans. Hand-written: these
-- indexes are not in db/schema, so drizzle-kit's snapshot does not know them.
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_cents", "quantity", "part_id") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_created_at_idx" ON "orders" USING btree ("created_at") WHERE "paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipped_at_idx" ON "orders" USING btree ("shipped_at") WHERE "shipped_at" IS NOT NULL;

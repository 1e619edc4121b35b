-- Issue 17: the admin overview (modules/stats) reads orders by the instant they were placed, paid
-- and shipped. Hand-written: these indexes are not in db/schema, so drizzle-kit's snapshot does not know them.
CREATE INDEX IF NOT EXISTS "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shipped_at_idx" ON "orders" USING btree ("shipped_at") WHERE "shipped_at" IS NOT NULL;

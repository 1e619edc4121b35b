-- Unpaid units per account (issue 24; docs/SECURITY.md, API6): placing an order checks that the
-- account's unpaid, unexpired units plus the new quantity stay within MAX_UNPAID_UNITS_PER_ACCOUNT,
-- in the same statement that takes the stock (orders/order-statements.ts, `place`).
--
-- A plain subquery would read the statement's snapshot, taken before two placements of one
-- account could see each other's order: both would pass. This function first takes a
-- transaction-scoped advisory lock on the account, so one account's placements take turns
-- inside PostgreSQL (as orders for one part do on its row), then sums with a snapshot of its
-- own: a VOLATILE function's queries see what committed before they ran, the previous holder's
-- order included. The lock ends with the placing statement's transaction; nothing else takes it.
CREATE OR REPLACE FUNCTION "unpaid_units_in_turn"(account text) RETURNS bigint
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(24004, hashtext(account));
  RETURN (SELECT coalesce(sum("quantity"), 0) FROM "orders"
          WHERE "user_id" = account AND "paid_at" IS NULL AND "expired_at" IS NULL);
END $$;--> statement-breakpoint
-- The sum reads only the account's orders still holding stock (not its whole history).
CREATE INDEX IF NOT EXISTS "orders_unpaid_by_user_idx" ON "orders" ("user_id") INCLUDE ("quantity")
  WHERE "paid_at" IS NULL AND "expired_at" IS NULL;

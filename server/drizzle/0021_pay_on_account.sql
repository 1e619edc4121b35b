-- Pay on account (issue 30, PRODUCT.md §26).
--
-- An order is paid by card (the default, every order before this migration) or on account: a
-- company with payment terms buys on credit. An on-account order has no payment hold (pay_by
-- null), is invoiced when placed (invoice_number at placing), keeps the terms it was placed under
-- (net_days) and its due date (due_on = the placing date in UTC + net_days), and an optional
-- PO number. The shop records its payment (payment_recorded_at, the bank's reference and the day
-- the money arrived); until then it counts in the company's open balance. Overdue reminders:
-- reminders_sent and last_reminded_at, written in the statement that queues the e-mail.
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_terms" CHECK ("orders"."payment_method" = 'card' or ("orders"."due_on" is not null and "orders"."net_days" is not null));--> statement-breakpoint
-- The open balance of a company (its on-account orders not yet paid nor refunded) is one range
-- of this index, and the reminders' question (what is past due) one range of the next.
CREATE INDEX "orders_open_account_idx" ON "orders" USING btree ("company_id") INCLUDE ("total_cents") WHERE "orders"."payment_method" = 'account' and "orders"."paid_at" is null and "orders"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "orders_account_due_idx" ON "orders" USING btree ("due_on") WHERE "orders"."payment_method" = 'account' and "orders"."paid_at" is null and "orders"."refunded_at" is null;--> statement-breakpoint
-- An on-account order holds its units until paid on terms, not as an unpaid card order does:
-- it does not count towards the account's unpaid-units cap (the credit limit bounds it instead).
CREATE OR REPLACE FUNCTION "unpaid_units_in_turn"(account text) RETURNS bigint
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(24004, hashtext(account));
  RETURN (SELECT coalesce(sum("quantity"), 0) FROM "orders"
          WHERE "user_id" = account AND "paid_at" IS NULL AND "expired_at" IS NULL
            AND "payment_method" = 'card');
END $$;

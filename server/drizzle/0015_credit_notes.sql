-- Credit notes (issue 29, PRODUCT.md "Invoices and credit notes").
--
-- A credit note cancels (part of) an invoice when an order is refunded. Its number is
-- CN-YYYY-NNNNNN, gap-free per calendar year (UTC): like invoice_counters, the year's row of
-- credit_note_counters is taken with `on conflict (year) do update` in the very statement that
-- records the refund, so concurrent refunds take consecutive numbers and a refund that does not
-- commit gives its number back. `gross_cents` is the amount credited (positive: the document says
-- "credited"); the per-rate amounts are the order's, which no longer change once it is refunded.
CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_gross_positive" CHECK ("credit_notes"."gross_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id","issued_at");

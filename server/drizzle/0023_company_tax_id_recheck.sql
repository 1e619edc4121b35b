-- A company's tax number is re-checked in the background like a person's (issue 30 follow-up,
-- PRODUCT.md §24): an `unverified` EU VAT number (VIES was away when a shop admin set it) waits
-- for `tax_id_next_check_at`; every instance's re-check claims it with FOR UPDATE SKIP LOCKED and
-- a lease (`tax_id_claimed_until`), counts the try (`tax_id_attempts`) and backs off, as tax_ids
-- (0014). `tax_id_checked_at`: when VIES last answered or was last asked.
ALTER TABLE "companies" ADD COLUMN "tax_id_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_claimed_until" timestamp with time zone;--> statement-breakpoint
-- Companies created before this migration with an unverified EU number are due now.
UPDATE "companies" SET "tax_id_next_check_at" = now() WHERE "tax_id_status" = 'unverified' AND "tax_id_country" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_tax_id_due_idx" ON "companies" USING btree ("tax_id_next_check_at") WHERE "companies"."tax_id_status" = 'unverified';

-- Tax (issue 29, PRODUCT.md "Tax").
--
-- Rates by destination: a country, and a region where the country taxes by region (US states,
-- Canadian provinces); `region` null is the whole country (and the fallback for its regions
-- without a row of their own). A rate is stored in thousandths of a percent (8.875 % = 8875).
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"rate_milli" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_milli" >= 0 and "tax_rates"."rate_milli" <= 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_region_idx" ON "tax_rates" USING btree ("country",coalesce("region", ''));--> statement-breakpoint
-- The seed. The seller's country is configuration (SHOP_COUNTRY), which a migration cannot read:
-- these rows are a start for the default seller (US) and a few common destinations, and an admin
-- adds or changes the rest on the dashboard. US: sales tax in the states listed, and a country
-- row at 0 % for every state without a row (the shop collects where it is registered).
INSERT INTO "tax_rates" ("country", "region", "rate_milli", "name") VALUES
	('US', NULL, 0, 'US: no sales tax collected'),
	('US', 'CA', 7250, 'California sales tax'),
	('US', 'NY', 4000, 'New York sales tax'),
	('US', 'TX', 6250, 'Texas sales tax'),
	('CA', NULL, 5000, 'Canada GST'),
	('CA', 'ON', 13000, 'Ontario HST'),
	('DE', NULL, 19000, 'Germany VAT'),
	('FR', NULL, 20000, 'France VAT'),
	('NL', NULL, 21000, 'Netherlands VAT'),
	('AT', NULL, 20000, 'Austria VAT'),
	('IT', NULL, 22000, 'Italy VAT'),
	('GB', NULL, 20000, 'United Kingdom VAT');--> statement-breakpoint
-- A buyer's own tax number (one per account): its country (null when it is no EU VAT number,
-- which VIES cannot check) and what VIES said. `unverified` rows are re-checked by every
-- instance's background job (modules/tax/tax-id-rechecker.ts): claimed with FOR UPDATE SKIP
-- LOCKED and a lease (`claimed_until`), retried at `next_check_at` with back-off (`attempts`).
CREATE TABLE "tax_ids" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tax_id" text NOT NULL,
	"country" text,
	"status" text NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_ids_status" CHECK ("tax_ids"."status" in ('valid', 'invalid', 'unverified'))
);
--> statement-breakpoint
ALTER TABLE "tax_ids" ADD CONSTRAINT "tax_ids_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_ids_due_idx" ON "tax_ids" USING btree ("next_check_at") WHERE "tax_ids"."status" = 'unverified';--> statement-breakpoint
-- Resale/exemption certificates an admin records for an account (by its e-mail): 0 % until
-- `expires_on`, inclusive, in the shop's time zone.
CREATE TABLE "tax_exemptions" (
	"email" text PRIMARY KEY NOT NULL,
	"certificate" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The order's tax, fixed when it is placed: `net_cents` (goods and shipping), `tax_cents`, and
-- `total_cents` stays the amount to pay, now net + tax (gross). `tax_lines`: per rate
-- [{ rate (thousandths of a percent), net, tax (cents) }]; the note when no tax is charged; the
-- buyer's and the seller's tax numbers and the destination the rate was chosen by. Orders placed
-- before: net = total, no tax, so their invoices stay what they were.
ALTER TABLE "orders" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;--> statement-breakpoint
UPDATE "orders" SET "net_cents" = "total_cents";
--> statement-breakpoint
-- Stats count revenue as net (goods + shipping, without the tax collected for the state): the
-- paid-at index carries the columns that sum reads, so it stays an index-only scan (0002).
DROP INDEX IF EXISTS "orders_paid_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_cents", "net_cents", "tax_cents", "quantity", "part_id") WHERE "paid_at" IS NOT NULL;

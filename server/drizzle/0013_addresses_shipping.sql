-- Addresses and shipping (issue 28, PRODUCT.md "Addresses and shipping").
--
-- The address book: an account's addresses, at most one default shipping and one default billing
-- address each (partial unique indexes). Country and postal code are checked by the contract's
-- address rules before a row is written.
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text,
	"company" text,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"postal_code" text,
	"city" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"phone" text,
	"default_shipping" boolean DEFAULT false NOT NULL,
	"default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_id_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_shipping_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."default_shipping";--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_billing_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."default_billing";--> statement-breakpoint
-- Shipping methods, managed by admins: `rates` is a JSON array of {upToGrams, priceCents} in
-- increasing upToGrams (each band's bound inclusive).
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"countries" text[] NOT NULL,
	"rates" jsonb NOT NULL,
	"free_over_cents" integer,
	"carries_hazardous" boolean DEFAULT false NOT NULL,
	"estimate_min_days" integer NOT NULL,
	"estimate_max_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_estimate_order" CHECK ("shipping_methods"."estimate_min_days" <= "shipping_methods"."estimate_max_days")
);
--> statement-breakpoint
-- A part's weight and hazardous-goods flag. Parts that exist get the default weight, flagged as
-- such (`weight_defaulted`), until an admin gives theirs.
ALTER TABLE "parts" ADD COLUMN "weight_grams" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "weight_defaulted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "hazardous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_weight_positive" CHECK ("parts"."weight_grams" >= 1);--> statement-breakpoint
-- The order's copies of its addresses and its shipping line (`total_cents` includes
-- `shipping_cents`). Null on the orders placed without them.
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Deleting a method sets its orders' method to null: this index finds them without a scan.
CREATE INDEX "orders_shipping_method_id_idx" ON "orders" USING btree ("shipping_method_id") WHERE "orders"."shipping_method_id" is not null;

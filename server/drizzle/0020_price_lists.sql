-- Price lists (issue 30, PRODUCT.md §25).
--
-- A shop admin's agreed prices for some companies: a percentage off the public price (numeric,
-- 0–100, at most 2 decimals) and/or fixed prices per part, each with its own breaks (like
-- parts.price_breaks), valid from valid_from (inclusive) until valid_to (exclusive), either open.
-- `version` grows with every edit: the placing statements compare the buyer's lists' versions
-- with the ones the unit prices were computed from (order-statements.ts).
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" numeric(5, 2),
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_percent_off_range" CHECK ("price_lists"."percent_off" is null or ("price_lists"."percent_off" >= 0 and "price_lists"."percent_off" <= 100)),
	CONSTRAINT "price_lists_window" CHECK ("price_lists"."valid_from" is null or "price_lists"."valid_to" is null or "price_lists"."valid_to" > "price_lists"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "price_list_companies" (
	"price_list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "price_list_companies_price_list_id_company_id_pk" PRIMARY KEY("price_list_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_list_prices_price_list_id_part_id_pk" PRIMARY KEY("price_list_id","part_id"),
	CONSTRAINT "price_list_prices_price_cents" CHECK ("price_list_prices"."price_cents" >= 0),
	CONSTRAINT "price_list_prices_breaks_list" CHECK (jsonb_typeof("price_list_prices"."price_breaks") = 'array' and jsonb_array_length("price_list_prices"."price_breaks") <= 10)
);
--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A buyer's lists are found from their company: company → lists.
CREATE INDEX "price_list_companies_company_idx" ON "price_list_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "price_list_prices_part_idx" ON "price_list_prices" USING btree ("part_id");

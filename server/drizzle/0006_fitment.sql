-- Fitment (issue 20, PRODUCT.md §15): which vehicles a part fits, the universal flag, and a
-- customer's garage. The tables match db/schema/fitment.ts (drizzle-kit's snapshot 0006 knows
-- them); the two lookup indexes at the end are hand-written, as in 0002, because drizzle-kit
-- cannot express INCLUDE, so the snapshot does not know them.
CREATE TABLE "garage" (
	"user_id" text NOT NULL,
	"position" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint NOT NULL,
	"engine" text,
	CONSTRAINT "garage_user_id_position_pk" PRIMARY KEY("user_id","position"),
	CONSTRAINT "garage_position_range" CHECK ("garage"."position" between 0 and 9),
	CONSTRAINT "garage_year_range" CHECK ("garage"."year" between 1900 and 2200)
);
--> statement-breakpoint
CREATE TABLE "part_fitment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	"engine" text,
	"note" text,
	CONSTRAINT "part_fitment_years" CHECK ("part_fitment"."year_from" >= 1900 and "part_fitment"."year_to" <= 2200 and "part_fitment"."year_from" <= "part_fitment"."year_to")
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "universal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "garage" ADD CONSTRAINT "garage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fitment" ADD CONSTRAINT "part_fitment_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_fitment_part_id_idx" ON "part_fitment" USING btree ("part_id");--> statement-breakpoint
-- The vehicle lookup: "which parts fit this make, model and year" is an index-only range scan
-- (year_from <= y within one make and model, year_to checked in the index, engine and part_id
-- carried along); the selector's make and model lists skip through its leading columns.
CREATE INDEX "part_fitment_vehicle_idx" ON "part_fitment" USING btree (lower("make"), lower("model"), "year_from", "year_to") INCLUDE ("part_id", "engine");--> statement-breakpoint
-- Universal parts join every vehicle's list: a small partial index instead of a scan of parts.
CREATE INDEX "parts_universal_idx" ON "parts" USING btree ("id") WHERE "universal";

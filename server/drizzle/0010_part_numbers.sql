-- Part numbers (issue 26, PRODUCT.md §17): each part's own number and brand, the numbers that name
-- it elsewhere (OE, competitors', the old own numbers it replaces) and a discontinued part's
-- successor. Numbers are compared in a normal form (upper case, without white space, dashes,
-- dots and slashes), the same as the contract's normalisePartNumber; the form is a stored
-- generated column, so every writer (the API, the seed, a bulk insert in psql) keeps it.
CREATE OR REPLACE FUNCTION "part_number_normal"(number text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN upper(regexp_replace(number, '[[:space:]./\\‐‑‒–—-]+', '', 'g'));--> statement-breakpoint
-- The shop's own series: a part added without a number takes the next one (TP-10001, …).
CREATE SEQUENCE IF NOT EXISTS "part_number_series" START WITH 10001;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_number" text;--> statement-breakpoint
-- Parts that exist get the series' numbers in catalogue order (oldest first).
UPDATE "parts" SET "part_number" = numbered."number"
  FROM (SELECT "id", 'TP-' || nextval('part_number_series') AS "number"
        FROM (SELECT "id" FROM "parts" ORDER BY "created_at", "id") AS ordered) AS numbered
  WHERE "parts"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "part_number" SET DEFAULT ('TP-' || nextval('part_number_series'));--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "part_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_number_normal" text GENERATED ALWAYS AS (part_number_normal(part_number)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "brand" text DEFAULT 'Torque Parts' NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_replaced_by_parts_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_not_replaced_by_itself" CHECK ("parts"."replaced_by" is distinct from "parts"."id");--> statement-breakpoint
-- Unique in normal form (BP-4471 and bp 4471 are one number); text_pattern_ops serves `=` and
-- the prefix match (`LIKE 'BP44%'`) a search by the start of a number uses.
CREATE UNIQUE INDEX "parts_part_number_normal_idx" ON "parts" USING btree ("part_number_normal" text_pattern_ops);--> statement-breakpoint
CREATE TABLE "part_cross_references" (
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"brand" text NOT NULL,
	"number" text NOT NULL,
	"number_normal" text GENERATED ALWAYS AS (part_number_normal(number)) STORED NOT NULL,
	CONSTRAINT "part_cross_references_part_id_kind_number_normal_pk" PRIMARY KEY("part_id","kind","number_normal"),
	CONSTRAINT "part_cross_references_kind" CHECK ("part_cross_references"."kind" in ('oe', 'competitor', 'replaces'))
);
--> statement-breakpoint
ALTER TABLE "part_cross_references" ADD CONSTRAINT "part_cross_references_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The lookup by number: exact (`=`) and by prefix, one index range scan either way.
CREATE INDEX "part_cross_references_number_idx" ON "part_cross_references" USING btree ("number_normal" text_pattern_ops);--> statement-breakpoint
-- Orders copy the part's number at placement, like its name; orders placed before get today's.
ALTER TABLE "orders" ADD COLUMN "part_number" text;--> statement-breakpoint
UPDATE "orders" SET "part_number" = "parts"."part_number" FROM "parts" WHERE "orders"."part_id" = "parts"."id";

-- An order's lines (issue 27, PRODUCT.md "Cart"): one row per part of an order, copied when it
-- was placed, so a later edit or deletion of the part changes no placed order. The order keeps
-- the spec's fields (the first line's part, the units of all lines, the total); the lines carry
-- the truth, and every transition that gives units back or takes them again reads them
-- (orders/order-statements.ts).
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid,
	"part_number" text,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_position_positive" CHECK ("order_lines"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Deleting a part sets its lines' part to null: without this index that is a scan of every line.
CREATE INDEX "order_lines_part_id_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
-- Orders placed before lines existed are one line each: their own part, number, units and price.
INSERT INTO "order_lines" ("order_id", "position", "part_id", "part_number", "name", "img", "quantity", "unit_price_cents", "total_cents")
  SELECT "id", 1, "part_id", "part_number", "name", "img", "quantity", "unit_price_cents", "total_cents" FROM "orders";

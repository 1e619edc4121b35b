-- The cart (issue 27, PRODUCT.md "Cart"): a signed-in buyer's lines, one per part, kept until
-- checkout removes them. A line goes with its account and with its part (a deleted part cannot
-- be bought; the cart's answer no longer shows it). `position` keeps the order lines were added
-- in: `added_at` is the same for every line one statement adds, the identity is not.
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" between 1 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A part's deletion finds its cart lines by this index instead of reading every cart.
CREATE INDEX "cart_lines_part_id_idx" ON "cart_lines" USING btree ("part_id");--> statement-breakpoint
-- The number of lines an account's cart would hold with `parts` added, counted in turn.
--
-- A plain subquery would read the adding statement's snapshot, taken before two adds of one
-- account could see each other's lines: both could pass the cap of 200 lines. This function first
-- takes a transaction-scoped advisory lock on the account (as unpaid_units_in_turn does for
-- orders, migration 0009), so one account's cart writes take turns inside PostgreSQL, then counts
-- with a snapshot of its own: a VOLATILE function's queries see what committed before they ran.
-- The lock ends with the statement's transaction; only the cart takes it.
CREATE OR REPLACE FUNCTION "cart_lines_in_turn"(account text, parts uuid[]) RETURNS bigint
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(27012, hashtext(account));
  RETURN (SELECT count(*) FROM (
            SELECT "part_id" FROM "cart_lines" WHERE "user_id" = account
            UNION
            SELECT unnest(parts)) AS lines);
END $$;

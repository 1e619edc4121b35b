-- Catalogue paging and search (docs/ARCHITECTURE.md, "Parts and the catalogue").
-- pg_trgm and unaccent are trusted extensions in PostgreSQL 13+; PGlite loads both (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (it reads the dictionary named by search_path), so it cannot index:
-- this wrapper names the dictionary and the function by schema, which makes it IMMUTABLE in fact.
CREATE OR REPLACE FUNCTION "search_text"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, lower(value)) $$;--> statement-breakpoint
-- The searched forms are stored: computing unaccent() per row and per use (filter, recheck,
-- rank) was most of a search's time at 100,000 parts. Not in the Drizzle schema: only search reads them.
ALTER TABLE "parts" ADD COLUMN "search_name" text GENERATED ALWAYS AS ("search_text"("name")) STORED;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_description" text GENERATED ALWAYS AS ("search_text"("description")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parts_name_trgm" ON "parts" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parts_description_trgm" ON "parts" USING gin ("search_description" gin_trgm_ops);--> statement-breakpoint
-- One btree per sort's keyset; each serves its order both ways (default oldest first, newest).
CREATE INDEX IF NOT EXISTS "parts_created_at_id" ON "parts" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parts_price_id" ON "parts" ("price_cents", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parts_name_id" ON "parts" (lower("name"), "id");

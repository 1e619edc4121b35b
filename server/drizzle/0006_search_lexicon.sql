-- Catalogue search through a word list (docs/ARCHITECTURE.md, "Parts and the catalogue").
-- Matching each search word against whole names and descriptions (`<%` on 0001's stored text)
-- cost a word_similarity per row and part: seconds at 100,000 parts. Instead, as pg_trgm's own
-- documentation suggests for typo tolerance, the typo is resolved against the catalogue's
-- distinct words (a small table, trigram-indexed), and the parts are then found by exact word
-- through a GIN index on each part's word array.
--
-- A part's words: the 'simple' text-search parser over search_text() (lower, unaccented), no
-- stemming, no stop words. to_tsvector(regconfig, text) and tsvector_to_array are IMMUTABLE.
ALTER TABLE "parts" ADD COLUMN "search_name_words" text[]
  GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple'::regconfig, "search_text"("name")))) STORED;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_words" text[]
  GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('simple'::regconfig, "search_text"("name") || ' ' || "search_text"("description")))) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parts_search_words" ON "parts" USING gin ("search_words");--> statement-breakpoint
-- Every word any part has had. Words are never removed: one left by a deleted or edited part
-- only matches nothing, and keeping them means an existing part's rank never changes because
-- another part went away (a search's keyset pages stay stable).
CREATE TABLE IF NOT EXISTS "search_lexicon" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexicon_trgm" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_lexicon" SELECT DISTINCT unnest("search_words") FROM "parts" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Kept by triggers, so every writer (the API, the seed, a bulk insert in psql) keeps it: once
-- per INSERT statement (a set-based insert of 100,000 parts is one INSERT … SELECT of words),
-- once per row whose words an UPDATE changed (stock moves and orders leave the text alone).
CREATE OR REPLACE FUNCTION "search_lexicon_add_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexicon" SELECT DISTINCT unnest("search_words") FROM "inserted_parts" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_lexicon_add_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexicon" SELECT DISTINCT unnest(NEW."search_words") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_search_lexicon_insert" AFTER INSERT ON "parts"
  REFERENCING NEW TABLE AS "inserted_parts" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexicon_add_inserted"();--> statement-breakpoint
CREATE TRIGGER "parts_search_lexicon_update" AFTER UPDATE OF "name", "description" ON "parts"
  FOR EACH ROW WHEN (OLD."search_words" IS DISTINCT FROM NEW."search_words") EXECUTE FUNCTION "search_lexicon_add_updated"();--> statement-breakpoint
-- 0001's stored text and its trigram indexes: nothing reads them any more, and the description's
-- trigram index was the costliest write of a new part.
DROP INDEX IF EXISTS "parts_name_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "parts_description_trgm";--> statement-breakpoint
ALTER TABLE "parts" DROP COLUMN IF EXISTS "search_name";--> statement-breakpoint
ALTER TABLE "parts" DROP COLUMN IF EXISTS "search_description";

-- The search lexicon's triggers (0006) insert a part's new words in the order DISTINCT happens to
-- yield them (a hash table's order, which depends on the other words of the statement). Two
-- admins saving parts that share new words could then insert them in different orders, each
-- waiting for a word the other had inserted: a deadlock PostgreSQL ends by failing one save.
-- Inserting in one order (sorted) makes every writer take the words' index entries in the same
-- order, so one waits for the other and both succeed (test/parts-concurrent-writes.test.ts).
CREATE OR REPLACE FUNCTION "search_lexicon_add_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexicon"
    SELECT "word" FROM (SELECT DISTINCT unnest("search_words") AS "word" FROM "inserted_parts") AS "new_words"
    ORDER BY "word" COLLATE "C"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_lexicon_add_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexicon"
    SELECT "word" FROM (SELECT DISTINCT unnest(NEW."search_words") AS "word") AS "new_words"
    ORDER BY "word" COLLATE "C"
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

import { sql, type SQL } from 'drizzle-orm';
import { textArray, type Runner } from '../../../lib/sql-lists.ts';

/**
 * Migration 0006's stored word arrays: `search_words` (name and description) and
 * `search_name_words`, each the 'simple' parser's words of `search_text()` (lower, unaccented),
 * and `search_lexicon`, every word any part has had (trigram-indexed). A search word is first
 * resolved to the catalogue words it stands for, typos included (`lexiconWords`); the parts are
 * then found by exact word through the GIN index on `search_words` (`hasAnyWord`).
 */
export const allWords = sql.raw('"parts"."search_words"');
export const nameWords = sql.raw('"parts"."search_name_words"');

/** One word of a search and the catalogue's words it stands for. */
export interface SearchWord {
  term: string;
  words: string[];
}

/** At most this many catalogue words stand for one search word (the most similar ones). */
export const MAX_WORDS_PER_TERM = 256;

/** The stored word array `column` holds at least one of `words`. */
export const hasAnyWord = (column: SQL, words: readonly string[]): SQL => sql`(${column} && ${textArray(words)})`;

/** The stored word array `column` holds `word` exactly. */
export const hasWord = (column: SQL, word: string): SQL => sql`(${column} @> ${textArray([word])})`;

/**
 * The catalogue words each search word stands for: those it matches by trigram word similarity
 * (`<%`, pg_trgm.word_similarity_threshold 0.6: a typo, a prefix, the same word with an accent),
 * most similar first. A word with none matches no part.
 */
export async function lexiconWords(db: Runner, terms: readonly string[]): Promise<SearchWord[]> {
  if (terms.length === 0) return [];
  const found = await db.execute<{ term: string; words: string[] }>(sql`
    select t.term, array(
      select l.word from search_lexicon l
      where search_text(t.term) <% l.word
      order by word_similarity(search_text(t.term), l.word) desc, l.word
      limit ${MAX_WORDS_PER_TERM}
    ) as words
    from unnest(${textArray(terms)}) with ordinality as t(term, i)
    order by t.i`);
  return found.rows.map((r) => ({ term: r.term, words: r.words }));
}

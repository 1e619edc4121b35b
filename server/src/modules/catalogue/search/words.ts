import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../../../lib/sql-lists.ts';

/**
 * Migration 0006's stored word arrays: `search_words` (name and description) and
 * `search_name_words`, each the 'simple' parser's words of `search_text()` (lower, unaccented),
 * and `search_lexicon`, every word any part has had. A search word is first resolved to the
 * catalogue words it stands for, typos included (`createLexicon`); the parts are then found by
 * exact word through the GIN index on `search_words` (`hasAnyWord`).
 */
export const allWords = sql.raw('"parts"."search_words"');
export const nameWords = sql.raw('"parts"."search_name_words"');

/** One word of a search and the catalogue's words it stands for. */
export interface SearchWord {
  term: string;
  words: string[];
}

/** At most this many catalogue words stand for one search word (the closest ones). */
export const MAX_WORDS_PER_TERM = 256;

/** The stored word array `column` holds at least one of `words`. */
export const hasAnyWord = (column: SQL, words: readonly string[]): SQL => sql`(${column} && ${textArray(words)})`;

/** The stored word array `column` holds `word` exactly. */
export const hasWord = (column: SQL, word: string): SQL => sql`(${column} @> ${textArray([word])})`;

/**
 * The typo rule (PRODUCT.md §17): how many edits (insertion, deletion, substitution, or two
 * neighbours swapped) a search word of this many letters may be from a catalogue word. Every
 * word also finds the catalogue words it starts (`spar` → spark).
 */
export function editsAllowed(letters: number): number {
  if (letters <= 4) return 0;
  if (letters <= 8) return 1;
  return 2;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
 * substring) between `a` and `b`, or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** A search word as the lexicon holds words: lower case without accents (`search_text()`). */
export const searchText = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The catalogue words `term` stands for, closest first: itself, then by edits, then by prefix. */
export function wordsFor(term: string, lexicon: readonly string[]): string[] {
  const t = searchText(term);
  const max = editsAllowed([...t].length);
  const found: { word: string; score: number }[] = [];
  for (const word of lexicon) {
    if (word === t) found.push({ word, score: 0 });
    else if (word.startsWith(t)) found.push({ word, score: max + 1 + (word.length - t.length) / 1000 });
    else if (max > 0) {
      const d = editDistance(t, word, max);
      if (d <= max) found.push({ word, score: d });
    }
  }
  found.sort((x, y) => x.score - y.score || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
  return found.slice(0, MAX_WORDS_PER_TERM).map((f) => f.word);
}

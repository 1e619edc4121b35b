import { sql } from 'drizzle-orm';
import { createLoadingCache } from '../../../lib/loading-cache.ts';
import type { Runner } from '../../../lib/sql-lists.ts';
import { editDistance, editsAllowed, MAX_WORDS_PER_TERM, searchText, type SearchWord } from './words.ts';

/**
 * The lexicon indexed for the typo rule, so a search word is compared with the few catalogue
 * words that can be within its edits instead of with every word: a catalogue whose descriptions
 * hold 100,000 distinct words (part codes, model names) cost ~0.5 s of the event loop per typo
 * searched by a scan (docs/PERFORMANCE.md, part numbers). Answers exactly what `wordsFor` does.
 *
 * - Words a term starts: a range of the words sorted (binary search).
 * - Words within `max` edits: an edit (insertion, deletion, substitution, two neighbours swapped)
 *   removes at most 3 of a word's two-character pieces, so a word within `max` edits of the term
 *   still holds at least (the term's distinct pieces − 3·max) of them. The words holding enough
 *   are counted from each piece's list, and only they are measured. A term too short for that
 *   bound to exclude anything is compared with every word of a near length.
 */
export interface WordIndex {
  wordsFor(term: string): string[];
}

/** A two-character piece as one number (its UTF-16 code units). */
const piece = (word: string, i: number) => word.charCodeAt(i) * 65536 + word.charCodeAt(i + 1);

/** The distinct pieces of a word. */
function piecesOf(word: string): Set<number> {
  const pieces = new Set<number>();
  for (let i = 0; i + 2 <= word.length; i++) pieces.add(piece(word, i));
  return pieces;
}

export function indexWords(lexicon: readonly string[]): WordIndex {
  const sorted = [...lexicon].sort();
  // Each piece's words, in id order, each once (a word repeating a piece is its last id already).
  const postings = new Map<number, number[]>();
  sorted.forEach((word, id) => {
    for (let i = 0; i + 2 <= word.length; i++) {
      const key = piece(word, i);
      const list = postings.get(key);
      if (!list) postings.set(key, [id]);
      else if (list[list.length - 1] !== id) list.push(id);
    }
  });

  /** Ids of the words starting with `t`: one contiguous range of the sorted words. */
  function startingWith(t: string): number[] {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    const ids: number[] = [];
    for (let id = lo; id < sorted.length && sorted[id]!.startsWith(t); id++) ids.push(id);
    return ids;
  }

  /** Ids of the words that can be within `max` edits of `t` (a superset; measured after). */
  function nearTo(t: string, max: number): Iterable<number> {
    const near = (id: number) => Math.abs(sorted[id]!.length - t.length) <= max;
    const pieces = piecesOf(t);
    const need = pieces.size - 3 * max;
    if (need <= 0) return Array.from(sorted.keys()).filter(near);
    const counts = new Uint8Array(sorted.length);
    const found: number[] = [];
    for (const piece of pieces)
      for (const id of postings.get(piece) ?? []) if (++counts[id]! === need && near(id)) found.push(id);
    return found;
  }

  return {
    wordsFor(term: string): string[] {
      const t = searchText(term);
      const max = editsAllowed([...t].length);
      const found: { word: string; score: number }[] = [];
      const prefixed = startingWith(t);
      for (const id of prefixed) {
        const word = sorted[id]!;
        found.push({ word, score: word === t ? 0 : max + 1 + (word.length - t.length) / 1000 });
      }
      if (max > 0) {
        const first = prefixed[0] ?? -1;
        const last = prefixed.at(-1) ?? -2;
        for (const id of nearTo(t, max)) {
          if (id >= first && id <= last) continue; // a prefix, scored above
          const word = sorted[id]!;
          if (!lettersWithin(t, word, max)) continue;
          const d = editDistance(t, word, max);
          if (d <= max) found.push({ word, score: d });
        }
      }
      found.sort((x, y) => x.score - y.score || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
      return found.slice(0, MAX_WORDS_PER_TERM).map((f) => f.word);
    },
  };
}

/** Per UTF-16 code unit, the term's count less the word's (zero between calls). */
const letterCounts = new Int16Array(65536);

/**
 * Whether `word` holds nearly the letters `t` does: an edit changes the two words' letter counts
 * by at most 2 in all (a substitution 2, an insertion or deletion 1, a swap 0), so a word more
 * than 2·max apart cannot be within `max` edits. Far cheaper than measuring the distance, and it
 * leaves few words to measure.
 */
function lettersWithin(t: string, word: string, max: number): boolean {
  for (let i = 0; i < t.length; i++) letterCounts[t.charCodeAt(i)]!++;
  for (let i = 0; i < word.length; i++) letterCounts[word.charCodeAt(i)]!--;
  let apart = 0;
  for (let i = 0; i < t.length; i++) apart += takeCount(t.charCodeAt(i));
  for (let i = 0; i < word.length; i++) apart += takeCount(word.charCodeAt(i));
  return apart <= 2 * max;
}

/** The count left for one code unit, counted once: it is zeroed as it is taken. */
function takeCount(c: number): number {
  const n = letterCounts[c]!;
  letterCounts[c] = 0;
  return n < 0 ? -n : n;
}

/**
 * The lexicon in memory, indexed (`indexWords`), and the lookup of a search's words in it by the
 * typo rule. A word with no catalogue word matches no part. Words are only ever added to
 * `search_lexicon` (migration 0006), so its row count tells whether it changed: every catalogue
 * change and every `maxAgeMs` (another instance's new words) it is counted, one index-only scan,
 * and read and indexed again only when the count moved. Reading and indexing 100,000 words took
 * ~0.5 s of the event loop, which every order (a catalogue change) and every second cost before.
 */
export function createLexicon(db: Runner, maxAgeMs: number) {
  const cache = createLoadingCache<WordIndex>({ maxEntries: 1, maxAgeMs });
  let indexed: { count: number; index: WordIndex } | undefined;
  const load = async () => {
    const [counted] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from search_lexicon`)).rows;
    if (indexed && indexed.count === Number(counted?.n)) return indexed.index;
    const words = (await db.execute<{ word: string }>(sql`select word from search_lexicon`)).rows.map((r) => r.word);
    indexed = { count: words.length, index: indexWords(words) };
    return indexed.index;
  };
  return {
    /** The next lookup counts the words again (and reads them if that moved). */
    invalidate: () => cache.clear(),
    async lookup(terms: readonly string[]): Promise<SearchWord[]> {
      if (terms.length === 0) return [];
      const lexicon = await cache.get('lexicon', load);
      return terms.map((term) => ({ term, words: lexicon.wordsFor(term) }));
    },
  };
}
export type Lexicon = ReturnType<typeof createLexicon>;

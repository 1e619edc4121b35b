import { sql, type SQL } from 'drizzle-orm';
import { parts } from '../../../db/schema/index.ts';
import type { NumberMatch } from './numbers.ts';
import { allWords, hasAnyWord, hasWord, nameWords } from './words.ts';

/**
 * One word of a search resolved: the catalogue words it stands for, and the word itself only
 * when it is one of them. A word that is in no catalogue word is in no part's name either, so it
 * can change no rank (`exactInName` is false on every row): leaving it out makes "alternatr" and
 * "altenator" one search (one page cache entry, one count), as they are (parts-service.ts).
 */
export interface ResolvedWord {
  /** The catalogue words it stands for, closest first (words.ts, the typo rule). */
  words: string[];
  /** The word as written, when it is a catalogue word (ranked higher where a name holds it exactly). */
  exact: string | null;
  /** The parts a matched number's brand names it for (`bosch 0986494`). */
  brandParts: string[];
}

/** A search resolved against the catalogue: its words' catalogue words, its numbers' matches. */
export interface ResolvedSearch {
  words: ResolvedWord[];
  /** Each number's tokens (a number written in a text is found as them) and what it matched. */
  numbers: { tokens: string[]; matches: NumberMatch[] }[];
  /** Parts whose number the whole query is, exactly. */
  whole: NumberMatch[];
}

export const NO_SEARCH: ResolvedSearch = { words: [], numbers: [], whole: [] };

/** The part row's id is one of `ids` (false for none). */
export const idIn = (ids: readonly string[]): SQL =>
  ids.length ? sql`${parts.id} = any(${`{${[...new Set(ids)].join(',')}}`}::uuid[])` : sql`false`;

/** Every number match of a search, the whole query's included. */
export const allMatches = (search: ResolvedSearch): NumberMatch[] => [
  ...search.whole,
  ...search.numbers.flatMap((n) => n.matches),
];

/**
 * Relevance of a row, rounded to 6 decimals as `numeric` so it travels in a cursor as exact text
 * and compares equal when recomputed. A part whose number (own or cross-referenced) the query
 * names exactly gets 100, one whose number it starts 50: numbers first (PRODUCT.md §17). Then
 * names: a row whose name holds every search word gets 2 on top; then the share of search words
 * in the name, a quarter of the share written exactly so (no typo), and a tenth of the share found
 * anywhere. Deterministic for a row's text and the search's resolved words and matches, so
 * (rank desc, id) is a total order a keyset can continue from.
 */
export function rankOf(search: ResolvedSearch): SQL {
  const matches = allMatches(search);
  const exact = matches.filter((m) => m.exact).map((m) => m.partId);
  const prefix = matches.filter((m) => !m.exact).map((m) => m.partId);
  const byNumber = matches.length
    ? sql`(case when ${idIn(exact)} then 100 when ${idIn(prefix)} then 50 else 0 end)`
    : sql`0`;
  return sql`round(${byNumber} + ${wordRank(search.words)}, 6)`;
}

function wordRank(search: ResolvedWord[]): SQL {
  const n = search.length;
  if (n === 0) return sql`0`;
  const inName = search.map((s) => hasAnyWord(nameWords, s.words));
  const exactInName = search.map((s) => (s.exact === null ? sql`false` : hasWord(nameWords, s.exact)));
  const anywhere = search.map((s) => hasAnyWord(allWords, s.words));
  const share = (hits: SQL[], weight: number) =>
    sql`(${sql.join(
      hits.map((h) => sql`${h}::int`),
      sql` + `,
    )})::numeric / ${sql.raw(String(weight * n))}`;
  return sql`(case when ${sql.join(inName, sql` and `)} then 2 else 0 end) + ${share(inName, 1)} + ${share(exactInName, 4)} + ${share(anywhere, 10)}`;
}

/**
 * What a resolved search is, as a cache key: everything that shapes its answer (the catalogue
 * words, the exact words, the brand parts, the numbers' tokens and matches, which `matchedBy`
 * shows) and nothing of how it was written. The words' order changes no answer (every word must
 * match; the rank sums over them), so they are sorted. The numbers' order is kept: when two
 * numbers find one part the same way, the first one is the `matchedBy` shown.
 */
export function searchKey(search: ResolvedSearch): string {
  const sorted = (items: string[]) => [...items].sort();
  return JSON.stringify([
    sorted(search.words.map((w) => JSON.stringify([w.words, w.exact, sorted(w.brandParts)]))),
    search.numbers.map((n) => [n.tokens, n.matches.map(matchKey)]),
    search.whole.map(matchKey),
  ]);
}

const matchKey = (m: NumberMatch) => [m.partId, m.kind, m.brand, m.number, m.exact];

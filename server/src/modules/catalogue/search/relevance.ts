import { sql, type SQL } from 'drizzle-orm';
import { parts } from '../../../db/schema/index.ts';
import type { NumberMatch } from './numbers.ts';
import { allWords, hasAnyWord, hasWord, nameWords, type SearchWord } from './words.ts';

/** A search resolved against the catalogue: its words' catalogue words, its numbers' matches. */
export interface ResolvedSearch {
  /** Each word, with the parts a matched number's brand names it for (`bosch 0986494`). */
  words: (SearchWord & { brandParts: string[] })[];
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

function wordRank(search: SearchWord[]): SQL {
  const n = search.length;
  if (n === 0) return sql`0`;
  const inName = search.map((s) => hasAnyWord(nameWords, s.words));
  const exactInName = search.map((s) => hasWord(nameWords, s.term));
  const anywhere = search.map((s) => hasAnyWord(allWords, s.words));
  const share = (hits: SQL[], weight: number) =>
    sql`(${sql.join(
      hits.map((h) => sql`${h}::int`),
      sql` + `,
    )})::numeric / ${sql.raw(String(weight * n))}`;
  return sql`(case when ${sql.join(inName, sql` and `)} then 2 else 0 end) + ${share(inName, 1)} + ${share(exactInName, 4)} + ${share(anywhere, 10)}`;
}

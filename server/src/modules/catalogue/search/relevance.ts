import { sql, type SQL } from 'drizzle-orm';
import { allWords, hasAnyWord, hasWord, nameWords, type SearchWord } from './words.ts';

/**
 * Relevance of a row, rounded to 6 decimals as `numeric` so it travels in a cursor as exact text
 * and compares equal when recomputed. Names first: a row whose name holds every search word gets
 * 2 on top; then the share of search words in the name, a quarter of the share written exactly
 * so (no typo), and a tenth of the share found anywhere. Deterministic for a row's text and the
 * search's resolved words, so (rank desc, id) is a total order a keyset can continue from.
 */
export function rankOf(search: SearchWord[]): SQL {
  const n = search.length;
  const inName = search.map((s) => hasAnyWord(nameWords, s.words));
  const exactInName = search.map((s) => hasWord(nameWords, s.term));
  const anywhere = search.map((s) => hasAnyWord(allWords, s.words));
  const share = (hits: SQL[], weight: number) =>
    sql`(${sql.join(
      hits.map((h) => sql`${h}::int`),
      sql` + `,
    )})::numeric / ${sql.raw(String(weight * n))}`;
  return sql`round((case when ${sql.join(inName, sql` and `)} then 2 else 0 end) + ${share(inName, 1)} + ${share(exactInName, 4)} + ${share(anywhere, 10)}, 6)`;
}

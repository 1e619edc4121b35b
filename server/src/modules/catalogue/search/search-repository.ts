import type { Part, Vehicle } from '@torque/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { parts } from '../../../db/schema/index.ts';
import { keysetAfter, keysetOrder, splitPage } from '../../../lib/keyset-page.ts';
import { fitsVehicleBranches, rowFitsSql } from '../fitment/fitment-sql.ts';
import { rowsOf } from '../parts/fitment-rows.ts';
import { partSelection, toPart, type SelectedPart } from '../parts/parts-repository.ts';
import { keyColumns, type PartsOrder } from './list-order.ts';
import { betterMatch, findByNumbers, type NumberMatch } from './numbers.ts';
import { allMatches, idIn, type ResolvedSearch } from './relevance.ts';
import type { SearchTerms } from './search-terms.ts';
import { createLexicon } from './lexicon.ts';
import { allWords, hasAnyWord, searchText } from './words.ts';

/** Search and filters of a catalogue page; `search` comes from `searchTerms` and `resolve`. */
export interface PartsFilter {
  search: ResolvedSearch;
  inStock: boolean;
  /** Only parts with fewer units than their minimum order (Manage Products' "Low stock"). */
  lowStock?: boolean;
  /** Only the parts that fit this vehicle, and universal ones (PRODUCT.md §15). */
  vehicle?: Vehicle | undefined;
}

/**
 * The search's condition: every word is in the name or the description, give or take a typo (GIN:
 * `&&` on `search_words`), or is the brand of a number the query matched; every number matched
 * the part's own or a cross-referenced number, or is written in its text; or the whole query is
 * exactly one of the part's numbers.
 */
function searchCondition({ words, numbers, whole }: ResolvedSearch): SQL | undefined {
  const each = [
    ...words.map((w) =>
      w.brandParts.length ? or(hasAnyWord(allWords, w.words), idIn(w.brandParts))! : hasAnyWord(allWords, w.words),
    ),
    ...numbers.map((n) =>
      n.matches.length
        ? or(idIn(n.matches.map((m) => m.partId)), sql`(${allWords} @> ${textArrayOf(n.tokens)})`)!
        : sql`(${allWords} @> ${textArrayOf(n.tokens)})`,
    ),
  ];
  const all = each.length ? and(...each) : undefined;
  return whole.length && all ? or(all, idIn(whole.map((m) => m.partId))) : all;
}

const textArrayOf = (words: readonly string[]) => sql`${`{${words.map((w) => JSON.stringify(w)).join(',')}}`}::text[]`;

/** Whether a list is a search (any word, number or whole-query number to match). */
const isSearch = ({ words, numbers, whole }: ResolvedSearch): boolean =>
  words.length + numbers.length + whole.length > 0;

/** Search and stock filters. The vehicle is not here: see `branchesOf`. */
function filterCondition(filter: PartsFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const search = searchCondition(filter.search);
  if (search) conditions.push(search);
  if (filter.inStock) conditions.push(sql`${parts.available} >= ${parts.minimumOrder}`);
  if (filter.lowStock) conditions.push(sql`${parts.available} < ${parts.minimumOrder}`);
  return conditions.length ? and(...conditions) : undefined;
}

/** The list's rows as disjoint sets: all of them, or with a vehicle its two ways to fit. */
const branchesOf = (filter: PartsFilter): (SQL | undefined)[] =>
  filter.vehicle ? fitsVehicleBranches(filter.vehicle) : [undefined];

/**
 * The catalogue's lists: one page of a search, filter and order, and how many match. Every
 * statement that finds parts by their words lives here and beside it (words.ts, relevance.ts,
 * list-order.ts); the part's own reads and writes are parts/parts-repository.ts.
 */
export function createSearchRepository(db: Db, options: { lexiconMaxAgeMs: number }) {
  const lexicon = createLexicon(db, options.lexiconMaxAgeMs);
  /** Each listed part with the rows of its fitment that apply to the vehicle it was asked for. */
  async function withFits(list: Part[], vehicle: Vehicle): Promise<Part[]> {
    const fits = await rowsOf(
      db,
      list.map((p) => p._id),
      rowFitsSql(vehicle),
    );
    return list.map((p) => ({ ...p, fits: fits.get(p._id) ?? [] }));
  }

  /** Each part of the page with the number that found it, when one did (PRODUCT.md §17). */
  function withMatches(list: Part[], search: ResolvedSearch): Part[] {
    const best = new Map<string, NumberMatch>();
    for (const m of allMatches(search)) {
      const known = best.get(m.partId);
      best.set(m.partId, known ? betterMatch(known, m) : m);
    }
    if (best.size === 0) return list;
    return list.map((p) => {
      const m = best.get(p._id);
      return m ? { ...p, matchedBy: { kind: m.kind, brand: m.brand, number: m.number } } : p;
    });
  }

  return {
    invalidate: () => lexicon.invalidate(),
    /**
     * A search's words resolved to the catalogue words they stand for (words.ts, the typo rule)
     * and its numbers to the parts they name (numbers.ts, exact or by their start).
     */
    async resolve(terms: SearchTerms): Promise<ResolvedSearch> {
      const normals = terms.numbers.map((n) => n.normal);
      const [words, byNumber, whole] = await Promise.all([
        lexicon.lookup(terms.words),
        findByNumbers(db, normals),
        terms.whole ? findByNumbers(db, [terms.whole], false) : new Map<string, NumberMatch[]>(),
      ]);
      const numbers = terms.numbers.map((n) => ({ tokens: n.tokens, matches: byNumber.get(n.normal) ?? [] }));
      const matched = numbers.flatMap((n) => n.matches);
      return {
        words: words.map((w) => ({
          words: w.words,
          // Every part's name word is a catalogue word: one that is not can be in no name.
          exact: w.words.includes(w.term) ? w.term : null,
          brandParts: partsOfBrand(matched, searchText(w.term), w.words),
        })),
        numbers,
        whole: terms.whole ? (whole.get(terms.whole) ?? []).filter((m) => m.exact) : [],
      };
    },
    /**
     * One page in `order`, after the row whose key is `after` (from a cursor): at most `limit`
     * parts, and the key of the last one when more follow. One index range scan for the sorts;
     * a search reads its matches through the word-array index and sorts them.
     */
    async page(
      filter: PartsFilter,
      order: PartsOrder,
      limit: number,
      after: string[] | undefined,
    ): Promise<{ parts: Part[]; nextKey: string[] | null; total?: number }> {
      const columns = keyColumns(order, filter.search);
      const keyFields = Object.fromEntries(columns.map((c, i) => [`k${i}`, sql<string>`(${c.expr})::text`]));
      const pageOf = (branch: SQL | undefined) =>
        and(filterCondition(filter), branch, after && keysetAfter(columns, after));
      const firstIdsOf = (branch: SQL | undefined) =>
        db
          .select({ id: parts.id })
          .from(parts)
          .where(pageOf(branch))
          .orderBy(keysetOrder(columns))
          .limit(limit + 1);
      const branches = branchesOf(filter);
      // One set: its page directly, but a search (its matches sorted, by relevance or, with no
      // index walk, keyColumns, by a sort) sorts only ids and keys, then reads its page's rows:
      // sorting thousands of whole rows cost three times the count. Several: the first limit+1
      // ids of each in the same order, then the page of their union (at most limit+1 per set,
      // each from its own index).
      const idsFirst = isSearch(filter.search);
      let rows: Record<string, unknown>[];
      let total: number | undefined;
      if (idsFirst && branches.length === 1 && after === undefined) {
        // A search's first page counts its matches in the same statement (a window over the
        // matches, before the limit): they are read once, not once for the page and again for
        // X-Total-Count (PERFORMANCE.md, part numbers). An empty page is a count of 0.
        const firsts = db
          .select({ id: parts.id, total: sql<number>`(count(*) over ())::int`.as('total') })
          .from(parts)
          .where(pageOf(branches[0]))
          .orderBy(keysetOrder(columns))
          .limit(limit + 1)
          .as('firsts');
        rows = await db
          .select({ ...partSelection, ...keyFields, total: firsts.total })
          .from(parts)
          .innerJoin(firsts, eq(parts.id, firsts.id))
          .orderBy(keysetOrder(columns))
          .limit(limit + 1);
        total = rows.length ? Number(rows[0]!.total) : 0;
      } else {
        const where =
          branches.length === 1 && !idsFirst
            ? pageOf(branches[0])
            : sql`${parts.id} in (${sql.join(
                branches.map((b) => sql`(${firstIdsOf(b)})`),
                sql` union all `,
              )})`;
        rows = await db
          .select({ ...partSelection, ...keyFields })
          .from(parts)
          .where(where)
          .orderBy(keysetOrder(columns))
          .limit(limit + 1);
      }
      const { shown, nextKey } = splitPage(rows, limit, (last) => columns.map((_, i) => String(last[`k${i}`])));
      const found = withMatches(
        shown.map((r) => toPart(r as unknown as SelectedPart)),
        filter.search,
      );
      return { parts: filter.vehicle ? await withFits(found, filter.vehicle) : found, nextKey, total };
    },
    /** How many parts match (X-Total-Count). */
    async count(filter: PartsFilter): Promise<number> {
      const counts = await Promise.all(
        branchesOf(filter).map((branch) =>
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(parts)
            .where(and(filterCondition(filter), branch)),
        ),
      );
      return counts.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
    },
  };
}
/**
 * The parts whose matched number's brand a search word names (`bosch` with a Bosch number): the
 * word, or one of the catalogue words it stands for, starts a word of the brand.
 */
function partsOfBrand(matches: NumberMatch[], term: string, words: readonly string[]): string[] {
  const names = [term, ...words];
  return matches
    .filter((m) =>
      searchText(m.brand)
        .split(/[^\p{L}\p{N}]+/u)
        .some((b) => names.some((n) => b.startsWith(n))),
    )
    .map((m) => m.partId);
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

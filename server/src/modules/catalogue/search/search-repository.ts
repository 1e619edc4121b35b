import type { Part, Vehicle } from '@torque/contract';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { parts } from '../../../db/schema/index.ts';
import { keysetAfter, keysetOrder, splitPage } from '../../../lib/keyset-page.ts';
import { fitsVehicleBranches, rowFitsSql } from '../fitment/fitment-sql.ts';
import { rowsOf } from '../parts/fitment-rows.ts';
import { toPart } from '../parts/parts-repository.ts';
import { keyColumns, type PartsOrder } from './list-order.ts';
import { allWords, hasAnyWord, lexiconWords, type SearchWord } from './words.ts';

/** Search and filters of a catalogue page; `search` comes from `searchTerms` and `lexiconWords`. */
export interface PartsFilter {
  search: SearchWord[];
  inStock: boolean;
  /** Only parts with fewer units than their minimum order (Manage Products' "Low stock"). */
  lowStock?: boolean;
  /** Only the parts that fit this vehicle, and universal ones (PRODUCT.md §15). */
  vehicle?: Vehicle | undefined;
}

/**
 * Search and stock filters: every search word is in the name or the description, give or take
 * a typo (GIN: `&&` on `search_words`). The vehicle is not here: see `branchesOf`.
 */
function filterCondition(filter: PartsFilter): SQL | undefined {
  const conditions = filter.search.map((s) => hasAnyWord(allWords, s.words));
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
export function createSearchRepository(db: Db) {
  /** Each listed part with the rows of its fitment that apply to the vehicle it was asked for. */
  async function withFits(list: Part[], vehicle: Vehicle): Promise<Part[]> {
    const fits = await rowsOf(
      db,
      list.map((p) => p._id),
      rowFitsSql(vehicle),
    );
    return list.map((p) => ({ ...p, fits: fits.get(p._id) ?? [] }));
  }

  return {
    /** The catalogue words each search word stands for (words.ts). */
    lexiconWords: (terms: string[]) => lexiconWords(db, terms),
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
    ): Promise<{ parts: Part[]; nextKey: string[] | null }> {
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
      // One set: its page directly. Several: the first limit+1 ids of each in the same order,
      // then the page of their union (at most limit+1 per set, each from its own index).
      const where =
        branches.length === 1
          ? pageOf(branches[0])
          : sql`${parts.id} in (${sql.join(
              branches.map((b) => sql`(${firstIdsOf(b)})`),
              sql` union all `,
            )})`;
      const rows = await db
        .select({ row: parts, ...keyFields })
        .from(parts)
        .where(where)
        .orderBy(keysetOrder(columns))
        .limit(limit + 1);
      const { shown, nextKey } = splitPage(rows, limit, (last) =>
        columns.map((_, i) => String((last as Record<string, unknown>)[`k${i}`])),
      );
      const found = shown.map((r) => toPart(r.row));
      return { parts: filter.vehicle ? await withFits(found, filter.vehicle) : found, nextKey };
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
export type SearchRepository = ReturnType<typeof createSearchRepository>;

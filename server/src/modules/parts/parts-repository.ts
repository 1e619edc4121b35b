import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FitmentRow, Part, PartDetail, PartSort, Vehicle } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { fitsVehicleBranches, replaceRows, rowsOf } from '../fitment/fitment-sql.ts';

type PartRow = typeof parts.$inferSelect;

export function toPart(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    des: row.description,
    img: row.img,
    minimunOrder: row.minimumOrder,
    available: row.available,
    price: toDollars(row.priceCents),
    universal: row.universal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Parsed (numeric) part fields, as the contract's schemas output them. */
export interface PartFields {
  name: string;
  des: string;
  img: string;
  minimunOrder: number;
  available: number;
  price: number;
  universal?: boolean | undefined;
}

function toColumns(fields: Partial<PartFields>) {
  return {
    ...(fields.name !== undefined && { name: fields.name }),
    ...(fields.des !== undefined && { description: fields.des }),
    ...(fields.img !== undefined && { img: fields.img }),
    ...(fields.minimunOrder !== undefined && { minimumOrder: fields.minimunOrder }),
    ...(fields.available !== undefined && { available: fields.available }),
    ...(fields.price !== undefined && { priceCents: toCents(fields.price) }),
    ...(fields.universal !== undefined && { universal: fields.universal }),
  };
}

/** One word of a search and the catalogue's words it stands for (`lexiconWords`). */
export interface SearchWord {
  term: string;
  words: string[];
}

/** Search and filters of a catalogue page; `search` comes from `searchTerms` and `lexiconWords`. */
export interface PartsFilter {
  search: SearchWord[];
  inStock: boolean;
  /** Only parts with fewer units than their minimum order (Manage Products' "Low stock"). */
  lowStock?: boolean;
  /** Only the parts that fit this vehicle, and universal ones (PRODUCT.md §15). */
  vehicle?: Vehicle | undefined;
}

/** The order of a page: a sort the client named, the catalogue's own, or relevance to a search. */
export type PartsOrder = PartSort | 'catalogue' | 'relevance';

/** At most this many words of a search are used: each one is an index lookup. */
export const MAX_SEARCH_TERMS = 8;
/** At most this many catalogue words stand for one search word (the most similar ones). */
export const MAX_WORDS_PER_TERM = 256;

/**
 * The words of a search, each matched on its own (with one `word_similarity` over the whole
 * text, one typo in a two-word search found nothing). Words of one letter are dropped unless
 * nothing else is left; repeats and words past MAX_SEARCH_TERMS are dropped.
 */
export function searchTerms(q: string | undefined): string[] {
  const words = (q ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const long = words.filter((w) => w.length >= 2);
  return [...new Set((long.length ? long : words).map((w) => w.toLowerCase()))].slice(0, MAX_SEARCH_TERMS);
}

/**
 * Migration 0006's stored word arrays: `search_words` (name and description) and
 * `search_name_words`, each the 'simple' parser's words of `search_text()` (lower, unaccented).
 * A search word is first resolved to the catalogue words it stands for, typos included; the
 * parts are then found by exact word through the GIN index on `search_words`.
 */
const allWords = sql.raw('"parts"."search_words"');
const nameWords = sql.raw('"parts"."search_name_words"');
// A text[] literal as one parameter (drizzle would spread a JS array into a list). Each word is
// double-quoted with `"` and `\` backslash-escaped, as JSON.stringify writes them and as an array
// literal reads them (parser words such as "ball-bearing" or "1.6" keep their punctuation).
const wordArray = (words: string[]) => sql`${`{${words.map((w) => JSON.stringify(w)).join(',')}}`}::text[]`;

/**
 * Relevance of a row, rounded to 6 decimals as `numeric` so it travels in a cursor as exact text
 * and compares equal when recomputed. Names first: a row whose name holds every search word gets
 * 2 on top; then the share of search words in the name, a quarter of the share written exactly
 * so (no typo), and a tenth of the share found anywhere. Deterministic for a row's text and the
 * search's resolved words, so (rank desc, id) is a total order a keyset can continue from.
 */
function rankOf(search: SearchWord[]): SQL {
  const n = search.length;
  const inName = search.map((s) => sql`(${nameWords} && ${wordArray(s.words)})`);
  const exactInName = search.map((s) => sql`(${nameWords} @> ${wordArray([s.term])})`);
  const anywhere = search.map((s) => sql`(${allWords} && ${wordArray(s.words)})`);
  const share = (hits: SQL[], weight: number) =>
    sql`(${sql.join(
      hits.map((h) => sql`${h}::int`),
      sql` + `,
    )})::numeric / ${sql.raw(String(weight * n))}`;
  return sql`round((case when ${sql.join(inName, sql` and `)} then 2 else 0 end) + ${share(inName, 1)} + ${share(exactInName, 4)} + ${share(anywhere, 10)}, 6)`;
}

/**
 * Search and stock filters: every search word is in the name or the description, give or take
 * a typo (GIN: `&&` on `search_words`). The vehicle is not here: see `vehicleBranches`.
 */
function filterCondition(filter: PartsFilter): SQL | undefined {
  const conditions = filter.search.map((s) => sql`${allWords} && ${wordArray(s.words)}`);
  if (filter.inStock) conditions.push(sql`${parts.available} >= ${parts.minimumOrder}`);
  if (filter.lowStock) conditions.push(sql`${parts.available} < ${parts.minimumOrder}`);
  return conditions.length ? and(...conditions) : undefined;
}

/** The list's rows as disjoint sets: all of them, or with a vehicle its two ways to fit. */
const branchesOf = (filter: PartsFilter): (SQL | undefined)[] =>
  filter.vehicle ? fitsVehicleBranches(filter.vehicle) : [undefined];

const idKey: KeyColumn = { expr: sql`${parts.id}`, type: 'uuid' };

/** Each order's keyset: the columns of its index (migration 0001), the last one the id. */
function keyColumns(order: PartsOrder, search: SearchWord[]): KeyColumn[] {
  switch (order) {
    case 'catalogue':
      return [{ expr: sql`${parts.createdAt}`, type: 'timestamptz' }, idKey];
    case 'newest':
      return [
        { expr: sql`${parts.createdAt}`, type: 'timestamptz', desc: true },
        { ...idKey, desc: true },
      ];
    case 'name':
      return [{ expr: sql`lower(${parts.name})`, type: 'text' }, idKey];
    case 'price-asc':
      return [{ expr: sql`${parts.priceCents}`, type: 'integer' }, idKey];
    case 'price-desc':
      return [
        { expr: sql`${parts.priceCents}`, type: 'integer', desc: true },
        { ...idKey, desc: true },
      ];
    case 'relevance':
      return [{ expr: rankOf(search), type: 'numeric', desc: true }, idKey];
  }
}

/** What a cursor's key must look like for each order (checked before it reaches SQL). */
export function keyPatterns(order: PartsOrder): RegExp[] {
  switch (order) {
    case 'catalogue':
    case 'newest':
      return [KEY_PATTERNS.timestamp, KEY_PATTERNS.uuid];
    case 'name':
      return [KEY_PATTERNS.text, KEY_PATTERNS.uuid];
    case 'price-asc':
    case 'price-desc':
      return [KEY_PATTERNS.integer, KEY_PATTERNS.uuid];
    case 'relevance':
      return [KEY_PATTERNS.decimal, KEY_PATTERNS.uuid];
  }
}

export function createPartsRepository(db: Db) {
  /** Each listed part with the rows of its fitment that apply to the vehicle it was asked for. */
  async function withFits(list: Part[], vehicle: Vehicle): Promise<Part[]> {
    const fits = await rowsOf(
      db,
      list.map((p) => p._id),
      vehicle,
    );
    return list.map((p) => ({ ...p, fits: fits.get(p._id) ?? [] }));
  }

  return {
    /**
     * The catalogue words each search word stands for: those it matches by trigram word
     * similarity (`<%`, pg_trgm.word_similarity_threshold 0.6: a typo, a prefix, the same word
     * with an accent), most similar first. A word with none matches no part.
     */
    async lexiconWords(terms: string[]): Promise<SearchWord[]> {
      if (terms.length === 0) return [];
      const found = await db.execute<{ term: string; words: string[] }>(sql`
        select t.term, array(
          select l.word from search_lexicon l
          where search_text(t.term) <% l.word
          order by word_similarity(search_text(t.term), l.word) desc, l.word
          limit ${MAX_WORDS_PER_TERM}
        ) as words
        from unnest(${wordArray(terms)}) with ordinality as t(term, i)
        order by t.i`);
      return found.rows.map((r) => ({ term: r.term, words: r.words }));
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
    /** The catalogue in a stable order: oldest first, so "the first three" never shuffle. */
    async list(): Promise<Part[]> {
      const rows = await db.select().from(parts).orderBy(asc(parts.createdAt), asc(parts.id));
      return rows.map(toPart);
    },
    async get(id: string): Promise<Part | undefined> {
      const [row] = await db.select().from(parts).where(eq(parts.id, id));
      return row && toPart(row);
    },
    /** A part with its whole fitment (`GET /api/parts/:id`). */
    async detail(id: string): Promise<PartDetail | undefined> {
      const found = await this.get(id);
      return found && { ...found, fitment: (await rowsOf(db, [id])).get(id)! };
    },
    /** Adds a part and its fitment rows in one transaction. */
    async create(fields: PartFields, fitment: FitmentRow[] = []): Promise<PartDetail> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(parts)
          .values(toColumns(fields) as typeof parts.$inferInsert)
          .returning();
        await replaceRows(
          tx,
          [row!.id],
          fitment.map((r) => ({ ...r, partId: row!.id })),
        );
        return { ...toPart(row!), fitment: (await rowsOf(tx, [row!.id])).get(row!.id)! };
      });
    },
    /**
     * Edits a part if its edit version (part-version.ts: `updatedAt` in ms) is still `version`:
     * one guarded UPDATE, so of two admins saving from the same version exactly one wins. The
     * new `updated_at` is at least a millisecond later, so the version always moves. Answers the
     * part, 'stale' when another edit came first, or undefined when there is no such part.
     */
    async update(
      id: string,
      fields: Partial<Omit<PartFields, 'available'>>,
      version: number,
      fitment?: FitmentRow[],
    ): Promise<PartDetail | 'stale' | undefined> {
      const edited = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(parts)
          .set({
            ...toColumns(fields),
            updatedAt: sql`greatest(clock_timestamp(), ${parts.updatedAt} + interval '1 millisecond')`,
          })
          .where(
            and(
              eq(parts.id, id),
              sql`floor(extract(epoch from ${parts.updatedAt}) * 1000)::bigint = ${version}::bigint`,
            ),
          )
          .returning();
        // The fitment is replaced only under the same version guard, in the same transaction.
        if (row && fitment)
          await replaceRows(
            tx,
            [id],
            fitment.map((r) => ({ ...r, partId: id })),
          );
        return row && toPart(row);
      });
      if (edited) return { ...edited, fitment: (await rowsOf(db, [id])).get(id)! };
      return (await this.get(id)) ? 'stale' : undefined;
    },
    /**
     * Moves stock by `add` (negative: a write-off) in one guarded statement, so it composes with
     * concurrent orders (each also one statement on the row) instead of overwriting them. Leaves
     * the edit version alone. Answers the part, 'negative' when it would go below 0, or undefined.
     */
    async moveStock(id: string, add: number): Promise<Part | 'negative' | undefined> {
      const [row] = await db
        .update(parts)
        .set({ available: sql`${parts.available} + ${add}::integer`, updatedAt: sql`${parts.updatedAt}` })
        .where(and(eq(parts.id, id), sql`${parts.available} + ${add}::integer >= 0`))
        .returning();
      if (row) return toPart(row);
      return (await this.get(id)) ? 'negative' : undefined;
    },
    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
      return deleted.length > 0;
    },
  };
}
export type PartsRepository = ReturnType<typeof createPartsRepository>;

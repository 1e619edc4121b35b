import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FitmentRow, Part, PartDetail, PartSort, Vehicle } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { fitsVehicleCondition, replaceRows, rowsOf } from '../fitment/fitment-sql.ts';

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

/** Search and filters of a catalogue page; `terms` come from `searchTerms`. */
export interface PartsFilter {
  terms: string[];
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
 * The migration's stored columns `search_text(name)` and `search_text(description)` (search_text
 * is an IMMUTABLE lower(unaccent())), which the trigram indexes hold; a term goes through the same.
 */
const nameText = sql.raw('"parts"."search_name"');
const descriptionText = sql.raw('"parts"."search_description"');
const termText = (term: string) => sql`search_text(${term}::text)`;

/**
 * Relevance of a row to the terms, rounded to 6 decimals as `numeric` so it travels in a cursor
 * as exact text and compares equal when recomputed. Names first: a row whose name holds every
 * term gets 2 on top; then the mean word similarity of the terms to the name, then a tenth of
 * it to the description. Deterministic for a row's text, so (rank desc, id) is a total order
 * that a keyset can continue from (only an edit of that row's text can move it).
 */
function rankOf(terms: string[]): SQL {
  const n = terms.length;
  const nameHitsAll = sql.join(
    terms.map((t) => sql`${termText(t)} <% ${nameText}`),
    sql` and `,
  );
  const nameSimilarity = sql.join(
    terms.map((t) => sql`word_similarity(${termText(t)}, ${nameText})`),
    sql` + `,
  );
  const descriptionSimilarity = sql.join(
    terms.map((t) => sql`word_similarity(${termText(t)}, ${descriptionText})`),
    sql` + `,
  );
  return sql`round(((case when ${nameHitsAll} then 2 else 0 end) + (${nameSimilarity}) / ${sql.raw(String(n))} + (${descriptionSimilarity}) / ${sql.raw(String(10 * n))})::numeric, 6)`;
}

/** Every term is in the name or the description, give or take a typo (`<%`: word_similarity ≥ 0.6, GIN-indexed). */
function filterCondition(filter: PartsFilter): SQL | undefined {
  const conditions = filter.terms.map(
    (t) => sql`(${termText(t)} <% ${nameText} or ${termText(t)} <% ${descriptionText})`,
  );
  if (filter.inStock) conditions.push(sql`${parts.available} >= ${parts.minimumOrder}`);
  if (filter.lowStock) conditions.push(sql`${parts.available} < ${parts.minimumOrder}`);
  if (filter.vehicle) conditions.push(fitsVehicleCondition(filter.vehicle));
  return conditions.length ? and(...conditions) : undefined;
}

const idKey: KeyColumn = { expr: sql`${parts.id}`, type: 'uuid' };

/** Each order's keyset: the columns of its index (migration 0001), the last one the id. */
function keyColumns(order: PartsOrder, terms: string[]): KeyColumn[] {
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
      return [{ expr: rankOf(terms), type: 'numeric', desc: true }, idKey];
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
     * One page in `order`, after the row whose key is `after` (from a cursor): at most `limit`
     * parts, and the key of the last one when more follow. One index range scan for the sorts;
     * a search reads its matches through the trigram indexes and sorts them.
     */
    async page(
      filter: PartsFilter,
      order: PartsOrder,
      limit: number,
      after: string[] | undefined,
    ): Promise<{ parts: Part[]; nextKey: string[] | null }> {
      const columns = keyColumns(order, filter.terms);
      const keyFields = Object.fromEntries(columns.map((c, i) => [`k${i}`, sql<string>`(${c.expr})::text`]));
      const rows = await db
        .select({ row: parts, ...keyFields })
        .from(parts)
        .where(and(filterCondition(filter), after && keysetAfter(columns, after)))
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
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(parts)
        .where(filterCondition(filter));
      return Number(row?.n ?? 0);
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

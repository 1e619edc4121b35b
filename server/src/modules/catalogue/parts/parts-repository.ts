import { and, asc, eq, sql } from 'drizzle-orm';
import {
  priceBreaksToCents,
  priceBreaksToDollars,
  type CrossReference,
  type CrossReferenceInput,
  type FitmentRow,
  type Part,
  type PartDetail,
  type PriceBreakDollars,
} from '@torque/contract';
import type { Db } from '../../../db/client.ts';
import { parts } from '../../../db/schema/index.ts';
import { toCents, toDollars } from '../../../lib/money.ts';
import { referencesJson, replaceReferences, successorNumber } from './cross-reference-rows.ts';
import { replaceRows, rowsOf } from './fitment-rows.ts';
import { editedAt, nextVersion, versionIs } from './part-version.ts';

type PartRow = typeof parts.$inferSelect;

/**
 * What every read of a part selects: the row, its cross-references and its successor's number
 * (PRODUCT.md §17), so every part answer carries them. `toPart` turns one into the API's part.
 */
export const partSelection = {
  row: parts,
  references: referencesJson(sql`"parts"`),
  successorNumber: successorNumber(sql`"parts"`),
  editedAt: editedAt.mapWith(parts.updatedAt),
};
export interface SelectedPart {
  row: PartRow;
  references: CrossReference[];
  successorNumber: string | null;
  /** The part's edit version as a time (part-version.ts `editedAt`): the `updatedAt` answered. */
  editedAt: Date;
}

export function toPart({ row, references, successorNumber: successor, editedAt: edited }: SelectedPart): Part {
  return {
    _id: row.id,
    name: row.name,
    des: row.description,
    img: row.img,
    minimunOrder: row.minimumOrder,
    available: row.available,
    price: toDollars(row.priceCents),
    universal: row.universal,
    partNumber: row.partNumber,
    brand: row.brand,
    crossReferences: references,
    replacedBy: row.replacedBy && successor !== null ? { _id: row.replacedBy, partNumber: successor } : null,
    weightGrams: row.weightGrams,
    weightDefaulted: row.weightDefaulted,
    hazardous: row.hazardous,
    priceBreaks: priceBreaksToDollars(row.priceBreaks),
    createdAt: row.createdAt.toISOString(),
    updatedAt: edited.toISOString(),
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
  partNumber?: string | undefined;
  brand?: string | undefined;
  /** The successor's id (the service resolves the number the API takes), or null: current. */
  replacedBy?: string | null | undefined;
  /** Grams; without it a new part takes the column's default and is flagged `weightDefaulted`. */
  weightGrams?: number | undefined;
  hazardous?: boolean | undefined;
  /** Quantity breaks above the part's price (dollars), checked by the service (price-break-rules.ts). */
  priceBreaks?: PriceBreakDollars[] | undefined;
}

/** What an admin's write replaces besides the part's own columns, when given. */
export interface PartLists {
  fitment?: FitmentRow[] | undefined;
  crossReferences?: CrossReferenceInput[] | undefined;
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
    ...(fields.partNumber !== undefined && { partNumber: fields.partNumber }),
    ...(fields.brand !== undefined && { brand: fields.brand }),
    ...(fields.replacedBy !== undefined && { replacedBy: fields.replacedBy }),
    // A weight given by an admin is the part's own: the default's flag goes.
    ...(fields.weightGrams !== undefined && { weightGrams: fields.weightGrams, weightDefaulted: false }),
    ...(fields.hazardous !== undefined && { hazardous: fields.hazardous }),
    ...(fields.priceBreaks !== undefined && { priceBreaks: priceBreaksToCents(fields.priceBreaks) }),
  };
}

/**
 * Every statement on the parts table and the part's own fitment rows: the catalogue's snapshot,
 * one part, and the admin's writes. Finding parts by words, filters and orders is search/.
 */
/** One part as answered, read in `runner` (the database or a transaction). */
async function getIn(runner: Pick<Db, 'select'>, id: string): Promise<Part | undefined> {
  const [found] = await runner.select(partSelection).from(parts).where(eq(parts.id, id));
  return found && toPart(found as SelectedPart);
}

/** Replaces the lists the write names (fitment, cross-references) of part `id`. */
async function replaceLists(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string, lists: PartLists) {
  if (lists.fitment)
    await replaceRows(
      tx,
      [id],
      lists.fitment.map((r) => ({ ...r, partId: id })),
    );
  if (lists.crossReferences)
    await replaceReferences(
      tx,
      [id],
      lists.crossReferences.map((r) => ({ ...r, partId: id })),
    );
}

export function createPartsRepository(db: Db) {
  return {
    /** The catalogue in a stable order: oldest first, so "the first three" never shuffle. */
    async list(): Promise<Part[]> {
      const rows = await db.select(partSelection).from(parts).orderBy(asc(parts.createdAt), asc(parts.id));
      return rows.map((r) => toPart(r as SelectedPart));
    },
    get: (id: string): Promise<Part | undefined> => getIn(db, id),
    /** A part with its whole fitment (`GET /api/parts/:id`). */
    async detail(id: string): Promise<PartDetail | undefined> {
      const found = await this.get(id);
      return found && { ...found, fitment: (await rowsOf(db, [id])).get(id)! };
    },
    /** The id of the part whose own number is `normal` (normal form), if any. */
    async idOfNumber(normal: string): Promise<string | undefined> {
      const [row] = await db.select({ id: parts.id }).from(parts).where(eq(parts.partNumberNormal, normal));
      return row?.id;
    },
    /**
     * Adds a part with its fitment rows and cross-references in one transaction. Without a
     * number it takes the series' next (the column's default); a unique violation surfaces.
     */
    async create(fields: PartFields, lists: PartLists = {}): Promise<PartDetail> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(parts)
          .values(toColumns(fields) as typeof parts.$inferInsert)
          .returning({ id: parts.id });
        await replaceLists(tx, row!.id, { fitment: lists.fitment ?? [], crossReferences: lists.crossReferences ?? [] });
        return { ...(await getIn(tx, row!.id))!, fitment: (await rowsOf(tx, [row!.id])).get(row!.id)! };
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
      lists: PartLists = {},
    ): Promise<PartDetail | 'stale' | undefined> {
      const edited = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(parts)
          .set({
            ...toColumns(fields),
            updatedAt: nextVersion,
          })
          .where(and(eq(parts.id, id), versionIs(version)))
          .returning({ id: parts.id });
        // The lists are replaced only under the same version guard, in the same transaction.
        if (!row) return undefined;
        await replaceLists(tx, id, lists);
        return getIn(tx, id);
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
        .returning({ id: parts.id });
      if (row) return (await this.get(id))!;
      return (await this.get(id)) ? 'negative' : undefined;
    },
    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
      return deleted.length > 0;
    },
  };
}
export type PartsRepository = ReturnType<typeof createPartsRepository>;

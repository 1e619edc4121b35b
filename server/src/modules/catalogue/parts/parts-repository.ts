import { and, asc, eq, sql } from 'drizzle-orm';
import type { FitmentRow, Part, PartDetail } from '@torque/contract';
import type { Db } from '../../../db/client.ts';
import { parts } from '../../../db/schema/index.ts';
import { toCents, toDollars } from '../../../lib/money.ts';
import { replaceRows, rowsOf } from './fitment-rows.ts';
import { nextVersion, versionIs } from './part-version.ts';

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

/**
 * Every statement on the parts table and the part's own fitment rows: the catalogue's snapshot,
 * one part, and the admin's writes. Finding parts by words, filters and orders is search/.
 */
export function createPartsRepository(db: Db) {
  return {
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
            updatedAt: nextVersion,
          })
          .where(and(eq(parts.id, id), versionIs(version)))
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

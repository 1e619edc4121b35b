import { asc, eq } from 'drizzle-orm';
import type { Part } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';
import { toCents, toDollars } from '../../lib/money.ts';

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
}

function toColumns(fields: Partial<PartFields>) {
  return {
    ...(fields.name !== undefined && { name: fields.name }),
    ...(fields.des !== undefined && { description: fields.des }),
    ...(fields.img !== undefined && { img: fields.img }),
    ...(fields.minimunOrder !== undefined && { minimumOrder: fields.minimunOrder }),
    ...(fields.available !== undefined && { available: fields.available }),
    ...(fields.price !== undefined && { priceCents: toCents(fields.price) }),
  };
}

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
    async create(fields: PartFields): Promise<Part> {
      const [row] = await db
        .insert(parts)
        .values(toColumns(fields) as typeof parts.$inferInsert)
        .returning();
      return toPart(row!);
    },
    async update(id: string, fields: Partial<PartFields>): Promise<Part | undefined> {
      const [row] = await db.update(parts).set(toColumns(fields)).where(eq(parts.id, id)).returning();
      return row && toPart(row);
    },
    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
      return deleted.length > 0;
    },
  };
}
export type PartsRepository = ReturnType<typeof createPartsRepository>;

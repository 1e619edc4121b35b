import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shippingMethods } from '../../db/schema/index.ts';
import type { PriceBreak } from '@torque/contract';
import { priceBreaksOf } from '../../lib/price-breaks.ts';
import { idsParam } from '../../lib/sql-lists.ts';

export type StoredMethod = typeof shippingMethods.$inferSelect;
export type MethodColumns = Omit<typeof shippingMethods.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A part as a parcel counts it. */
export interface PartWeight {
  partId: string;
  priceCents: number;
  priceBreaks: PriceBreak[];
  weightGrams: number;
  hazardous: boolean;
}

/**
 * Every statement on shipping methods, and one read of the parts' price, weight and hazardous
 * flag (the catalogue's columns, read only) for pricing a parcel.
 */
export function createShippingRepository(db: Db) {
  return {
    list: (): Promise<StoredMethod[]> =>
      db.select().from(shippingMethods).orderBy(asc(shippingMethods.createdAt), asc(shippingMethods.id)),

    listActive: (): Promise<StoredMethod[]> =>
      db
        .select()
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .orderBy(asc(shippingMethods.createdAt), asc(shippingMethods.id)),

    async get(id: string): Promise<StoredMethod | undefined> {
      const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
      return row;
    },

    async create(columns: MethodColumns): Promise<StoredMethod> {
      const [row] = await db.insert(shippingMethods).values(columns).returning();
      return row!;
    },

    async update(id: string, columns: Partial<MethodColumns>): Promise<StoredMethod | undefined> {
      const [row] = await db
        .update(shippingMethods)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(shippingMethods.id, id))
        .returning();
      return row;
    },

    /** Whether there was such a method. Orders placed with it keep its name (their method id becomes null). */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(shippingMethods)
        .where(eq(shippingMethods.id, id))
        .returning({ id: shippingMethods.id });
      return rows.length > 0;
    },

    /** The parts `ids` as a parcel counts them (a part that no longer exists is absent). */
    async partWeights(ids: readonly string[]): Promise<PartWeight[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select id as "partId", price_cents as "priceCents", price_breaks as "priceBreaks", weight_grams as "weightGrams", hazardous
        from parts where id in ${idsParam(ids)}`);
      return rows.map((r) => ({
        partId: String(r.partId),
        priceCents: Number(r.priceCents),
        priceBreaks: priceBreaksOf(r.priceBreaks),
        weightGrams: Number(r.weightGrams),
        hazardous: r.hazardous === true || r.hazardous === 't',
      }));
    },
  };
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;

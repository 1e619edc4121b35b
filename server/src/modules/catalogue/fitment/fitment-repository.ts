import type { Vehicle } from '@torque/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { garage } from '../../../db/schema/index.ts';
import { idsParam } from '../../../lib/sql-lists.ts';
import { replaceRows, type StoredRow } from '../parts/fitment-rows.ts';
import { bumpVersions } from '../parts/part-version.ts';

/**
 * The selector's lists (read from part_fitment), the bulk import (written with the parts' own
 * row writes and version bump, parts/), and the garage.
 *
 * The make and model lists skip through the vehicle index (migration 0007) one distinct value at
 * a time (a recursive "loose index scan"): a few dozen index probes where a GROUP BY would read
 * every one of millions of rows. The spelling shown is that of the first row of each name.
 */
export function createFitmentRepository(db: Db) {
  const names = async (query: ReturnType<typeof sql>): Promise<string[]> =>
    (await db.execute<{ name: string }>(query)).rows.map((r) => String(r.name));

  return {
    makes: () =>
      names(sql`
        with recursive m(k, name) as (
          (select lower(f.make), f.make from part_fitment f order by lower(f.make) limit 1)
          union all
          select n.k, n.name from m cross join lateral (
            select lower(f.make) as k, f.make as name from part_fitment f
            where lower(f.make) > m.k order by lower(f.make) limit 1) n
        )
        select name from m order by k`),

    models: (make: string) =>
      names(sql`
        with recursive m(k, name) as (
          (select lower(f.model), f.model from part_fitment f
            where lower(f.make) = lower(${make}::text) order by lower(f.model) limit 1)
          union all
          select n.k, n.name from m cross join lateral (
            select lower(f.model) as k, f.model as name from part_fitment f
            where lower(f.make) = lower(${make}::text) and lower(f.model) > m.k order by lower(f.model) limit 1) n
        )
        select name from m order by k`),

    /** Model years the rows of a make and model cover, newest first, none past `maxYear`. */
    async years(make: string, model: string, maxYear: number): Promise<number[]> {
      const { rows } = await db.execute<{ y: number }>(sql`
        select distinct y from part_fitment f, generate_series(f.year_from::int, least(f.year_to::int, ${maxYear}::int)) y
        where lower(f.make) = lower(${make}::text) and lower(f.model) = lower(${model}::text)
        order by y desc`);
      return rows.map((r) => Number(r.y));
    },

    /** Engines named by the rows that cover a year of a make and model, sorted ignoring case. */
    engines: (make: string, model: string, year: number) =>
      names(sql`
        select min(f.engine) as name from part_fitment f
        where lower(f.make) = lower(${make}::text) and lower(f.model) = lower(${model}::text)
          and f.year_from <= ${year}::int and f.year_to >= ${year}::int and f.engine is not null
        group by lower(f.engine) order by lower(f.engine)`),

    /** Which of `ids` are parts (lower-case uuids). */
    async existingParts(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const { rows } = await db.execute<{ id: string }>(sql`select id from parts where id in ${idsParam(ids)}`);
      return new Set(rows.map((r) => String(r.id)));
    },

    /**
     * Each part named in `rows` gets exactly those rows (what it had is deleted), and its edit
     * version moves, all in one transaction: a failure leaves every part as it was.
     */
    async replaceFitment(rows: readonly StoredRow[]): Promise<number> {
      const partIds = [...new Set(rows.map((r) => r.partId))];
      await db.transaction(async (tx) => {
        await replaceRows(tx, partIds, rows);
        await bumpVersions(tx, partIds);
      });
      return rows.length;
    },

    async garage(userId: string): Promise<Vehicle[]> {
      const rows = await db.select().from(garage).where(eq(garage.userId, userId)).orderBy(asc(garage.position));
      return rows.map((r) => ({ make: r.make, model: r.model, year: r.year, engine: r.engine }));
    },

    /** Replaces a user's garage by `vehicles` (position = index), in one transaction. */
    async setGarage(userId: string, vehicles: readonly Vehicle[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(garage).where(eq(garage.userId, userId));
        if (vehicles.length === 0) return;
        await tx.insert(garage).values(vehicles.map((v, position) => ({ userId, position, ...v })));
      });
    },
  };
}
export type FitmentRepository = ReturnType<typeof createFitmentRepository>;

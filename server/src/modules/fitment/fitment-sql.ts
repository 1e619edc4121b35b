import type { FitmentRow, Vehicle } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';

/**
 * The SQL of fitment that the parts module shares (its list filter and its writes run inside
 * its own statements and transactions). Every statement on part_fitment is in this module.
 */

/** A transaction or the database: both run the same statements. */
export type Runner = Pick<Db, 'execute'>;

/** A fitment row as stored, ready for the database (contract's fitmentRowInput output). */
export interface StoredRow extends FitmentRow {
  partId: string;
}

/**
 * The contract's `rowFits` in SQL, on the row alias `f` (tested against each other): make and
 * model equal ignoring case, the year inside the range with both ends included, and the engine
 * equal ignoring case unless the row or the vehicle names none. The make/model/year terms are
 * what the vehicle index (migration 0006) is keyed on.
 */
export function rowFitsSql(v: Vehicle): SQL {
  const engine = v.engine === null ? sql`` : sql` and (f.engine is null or lower(f.engine) = lower(${v.engine}::text))`;
  return sql`lower(f.make) = lower(${v.make}::text) and lower(f.model) = lower(${v.model}::text) and f.year_from <= ${v.year}::int and f.year_to >= ${v.year}::int${engine}`;
}

/**
 * Parts that fit `v`: a fitting row, or universal. Written as one IN over a UNION so the planner
 * can take the few matching ids from the vehicle index (and the universal ones from their partial
 * index) and look those parts up, instead of testing every part of the catalogue.
 */
export function fitsVehicleCondition(v: Vehicle): SQL {
  return sql`${parts.id} in (select f.part_id from part_fitment f where ${rowFitsSql(v)} union all select u.id from parts u where u.universal)`;
}

/** A list of ids as one JSON parameter (drizzle would spread an array into one parameter each). */
export const idsParam = (ids: readonly string[]): SQL =>
  sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

const ROW_COLUMNS = sql.raw(
  `f.part_id as "partId", f.make, f.model, f.year_from as "yearFrom", f.year_to as "yearTo", f.engine, f.note`,
);
/** One order for a part's rows everywhere: make, model, first year (PRODUCT.md §15). */
const ROW_ORDER = sql.raw(`f.make, f.model, f.year_from, f.year_to, f.engine nulls first, f.id`);

function toRow(r: Record<string, unknown>): StoredRow {
  return {
    partId: String(r.partId),
    make: String(r.make),
    model: String(r.model),
    yearFrom: Number(r.yearFrom),
    yearTo: Number(r.yearTo),
    engine: r.engine === null ? null : String(r.engine),
    note: r.note === null ? null : String(r.note),
  };
}

/** The rows of `partIds`, all of them or only those that fit `v`, grouped by part. */
export async function rowsOf(db: Runner, partIds: readonly string[], v?: Vehicle): Promise<Map<string, FitmentRow[]>> {
  const byPart = new Map<string, FitmentRow[]>(partIds.map((id) => [id, []]));
  if (partIds.length === 0) return byPart;
  const fitting = v ? sql` and ${rowFitsSql(v)}` : sql``;
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${ROW_COLUMNS} from part_fitment f where f.part_id in ${idsParam(partIds)}${fitting} order by ${ROW_ORDER}`,
  );
  for (const r of rows) {
    const { partId, ...row } = toRow(r);
    byPart.get(partId)?.push(row);
  }
  return byPart;
}

/** Rows per INSERT: a chunk's JSON stays a few MB, and 100,000 rows are ten statements. */
export const INSERT_CHUNK_ROWS = 10_000;

/**
 * Replaces the fitment of `partIds` by `rows` (each row's part must be among them): one DELETE,
 * then multi-row INSERTs from a JSON parameter in chunks, set-based. Run it in a transaction
 * with whatever else must change together (the part's edit, the import's version bump).
 */
export async function replaceRows(db: Runner, partIds: readonly string[], rows: readonly StoredRow[]): Promise<void> {
  if (partIds.length === 0) return;
  await db.execute(sql`delete from part_fitment where part_id in ${idsParam(partIds)}`);
  for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
    const chunk = rows.slice(i, i + INSERT_CHUNK_ROWS);
    await db.execute(sql`
      insert into part_fitment (part_id, make, model, year_from, year_to, engine, note)
      select r."partId", r.make, r.model, r."yearFrom", r."yearTo", r.engine, r.note
      from json_to_recordset(${JSON.stringify(chunk)}::json)
        as r("partId" uuid, make text, model text, "yearFrom" smallint, "yearTo" smallint, engine text, note text)`);
  }
}

/**
 * Moves the edit version (parts.updated_at, part-version.ts) of parts whose fitment changed
 * outside a product edit, so their ETag changes and an admin's open form sees 412, not a silent
 * overwrite of the import. At least a millisecond later, as a product edit does.
 */
export async function touchParts(db: Runner, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  await db.execute(
    sql`update parts set updated_at = greatest(clock_timestamp(), updated_at + interval '1 millisecond') where id in ${idsParam(partIds)}`,
  );
}

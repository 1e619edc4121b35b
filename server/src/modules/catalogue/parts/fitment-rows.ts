import type { FitmentRow } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import { idsParam, type Runner } from '../../../lib/sql-lists.ts';

/**
 * A part's fitment rows as stored (table part_fitment, PRODUCT.md §15): read with the part and
 * replaced with it, in the same transaction as its edit or the import's version bump. What fits
 * a vehicle is fitment/fitment-sql.ts.
 */

/** A fitment row as stored, ready for the database (contract's fitmentRowInput output). */
export interface StoredRow extends FitmentRow {
  partId: string;
}

const ROW_COLUMNS = sql.raw(
  `f.part_id as "partId", f.make, f.model, f.year_from as "yearFrom", f.year_to as "yearTo", f.engine, f.note`,
);
/** One order for a part's rows everywhere: make, model, first year (PRODUCT.md §15). */
const ROW_ORDER_TEXT = `f.make, f.model, f.year_from, f.year_to, f.engine nulls first, f.id`;
const ROW_ORDER = sql.raw(ROW_ORDER_TEXT);

/**
 * The fitment rows of the part row `alias` as a JSON array of FitmentRow (the fields in
 * `toRow`'s order, so the answer's bytes are the same), for hand-written statements that read a
 * part whole in one round trip (search/by-number.ts).
 */
export const fitmentJsonText = (alias: string): string => `(
  select coalesce(json_agg(json_build_object('make', f.make, 'model', f.model, 'yearFrom', f.year_from,
    'yearTo', f.year_to, 'engine', f.engine, 'note', f.note) order by ${ROW_ORDER_TEXT}), '[]'::json)
  from part_fitment f where f.part_id = ${alias}.id)`;

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

/**
 * The rows of `partIds`, all of them or only those `where` keeps (a condition on the row alias
 * `f`, such as fitment-sql.ts's `rowFitsSql`), grouped by part.
 */
export async function rowsOf(db: Runner, partIds: readonly string[], where?: SQL): Promise<Map<string, FitmentRow[]>> {
  const byPart = new Map<string, FitmentRow[]>(partIds.map((id) => [id, []]));
  if (partIds.length === 0) return byPart;
  const kept = where ? sql` and ${where}` : sql``;
  const { rows } = await db.execute<Record<string, unknown>>(
    // The page's parts' rows first (part_id index, ~20 each), then the vehicle test on those few:
    // `offset 0` keeps the planner from AND-ing in the vehicle index's whole make-and-model
    // range, which cost 20 ms instead of 1 at 2,000,000 rows.
    sql`select ${ROW_COLUMNS} from (select * from part_fitment where part_id in ${idsParam(partIds)} offset 0) f where true${kept} order by ${ROW_ORDER}`,
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

import { normalisePartNumber, type CrossReference } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import { idsParam, type Runner } from '../../../lib/sql-lists.ts';
import { bumpVersions } from './part-version.ts';

/**
 * A part's cross-references as stored (table part_cross_references, PRODUCT.md §17): read with
 * the part, replaced with it by the product form, added by the import. Finding parts by a number
 * is search/numbers.ts.
 */

/** A cross-reference as stored, ready for the database (contract's crossReferenceInput output). */
export interface StoredReference extends CrossReference {
  partId: string;
  /** Its number's normal form when the caller has it already (the import's parser does). */
  numberNormal?: string;
}

/** One order for a part's references everywhere: OE, competitors', replaced; then brand and number. */
const REFERENCE_ORDER_TEXT = `case r.kind when 'oe' then 0 when 'competitor' then 1 else 2 end, lower(r.brand), r.number_normal`;
export const REFERENCE_ORDER = sql.raw(REFERENCE_ORDER_TEXT);

/**
 * The references of the part row `alias` as a JSON array, for a SELECT of parts: one index range
 * read per part (the primary key starts with part_id), so a page of parts costs a page of probes.
 * As text for hand-written statements (search/by-number.ts); `referencesJson` for drizzle's.
 */
export const referencesJsonText = (alias: string): string => `(
  select coalesce(json_agg(json_build_object('kind', r.kind, 'brand', r.brand, 'number', r.number) order by ${REFERENCE_ORDER_TEXT}), '[]'::json)
  from part_cross_references r where r.part_id = ${alias}.id)`;
export const referencesJson = (alias: SQL): SQL<CrossReference[]> =>
  sql<CrossReference[]>`(
  select coalesce(json_agg(json_build_object('kind', r.kind, 'brand', r.brand, 'number', r.number) order by ${REFERENCE_ORDER}), '[]'::json)
  from part_cross_references r where r.part_id = ${alias}.id)`;

/** The successor's number of the part row `alias` (null while the part is current). */
export const successorNumberText = (alias: string): string =>
  `(select s.part_number from parts s where s.id = ${alias}.replaced_by)`;
export const successorNumber = (alias: SQL): SQL<string | null> =>
  sql<string | null>`(select s.part_number from parts s where s.id = ${alias}.replaced_by)`;

/**
 * Rows per INSERT: a chunk's arrays stay a few MB and one statement well inside the pool's 10 s
 * query timeout on a busy machine; 1,000,000 rows are fifty statements.
 */
export const REFERENCE_CHUNK_ROWS = 20_000;

/**
 * Adds `rows`, or updates their brand and spelling when the part already has the same kind and
 * number in normal form: so the same rows twice leave the same table. Set-based, in chunks; run
 * it in a transaction with whatever else must change together. Rows repeating a part, kind and
 * number are dropped here, the last spelling kept (ON CONFLICT cannot touch a row twice in one
 * statement), which spares the database a sort of every chunk.
 */
export async function upsertReferences(db: Runner, rows: readonly StoredReference[]): Promise<void> {
  await runChunks(
    db,
    inKeyOrder(rows),
    (chunk) => sql`
      insert into part_cross_references (part_id, kind, brand, number)
      select * from ${unnestRows(chunk)}
      on conflict (part_id, kind, number_normal) do update set brand = excluded.brand, number = excluded.number`,
  );
}

/**
 * The import's write (numbers/cross-reference-service.ts): as `upsertReferences`, but a row the
 * part already has with the same brand and spelling is left alone, and the edit version
 * (part-version.ts) moves for exactly the parts that gained or changed a reference: so a
 * re-import of the same file writes nothing and makes no admin's open form stale. Unchanged rows
 * are left out before the insert (a probe of the primary key with the normal form computed in
 * Node), not by a WHERE on ON CONFLICT's update, which would still lock, and so write, each of
 * them. Run it in the import's transaction.
 */
export async function importReferences(db: Runner, rows: readonly StoredReference[]): Promise<void> {
  const changed = new Set<string>();
  await runChunks(
    db,
    inKeyOrder(rows),
    (chunk) => sql`
      with changed as (
        insert into part_cross_references as r (part_id, kind, brand, number)
        select u.part_id, u.kind, u.brand, u.number
        from ${unnestRows(chunk, true)} as u (part_id, kind, brand, number, number_normal)
        where not exists (select from part_cross_references same
                          where same.part_id = u.part_id and same.kind = u.kind and same.number_normal = u.number_normal
                            and same.brand = u.brand and same.number = u.number)
        on conflict (part_id, kind, number_normal) do update set brand = excluded.brand, number = excluded.number
        returning r.part_id)
      select distinct part_id::text as id from changed`,
    (result) => {
      for (const row of (result as { rows: { id: string }[] }).rows) changed.add(row.id);
    },
  );
  // Measured: moving the versions inside each chunk's statement (UPDATE … WHERE id IN the CTE)
  // made the import of 1,000,000 new lines twice as slow (99 against 44 s); once at the end, as before.
  await bumpVersions(db, [...changed].sort());
}

/**
 * One row per part, kind and number in normal form (the last in `rows` kept), in the primary
 * key's order (uuid text order is its byte order): each chunk then inserts into neighbouring
 * leaf pages of the key, and each row's foreign-key probe of parts finds the page the row before
 * it read, instead of one random page per row. A third faster for 1,000,000 rows
 * (docs/PERFORMANCE.md, part numbers). The rows are grouped by part (a map of part ids, ~10 rows
 * each), the part ids sorted, and each part's few rows sorted only when they are out of order:
 * a sort of all 1,000,000 rows by three string keys took 8.5–9.5 s of CPU, this 2–3 s
 * (docs/PERFORMANCE.md, the import's fifth pass). A row carrying its normal form is used as it is.
 */
function inKeyOrder(rows: readonly StoredReference[]): KeyedReference[] {
  const byPart = new Map<string, KeyedReference[]>();
  for (const row of rows) {
    const r = row.numberNormal === undefined ? { ...row, numberNormal: normalisePartNumber(row.number) } : row;
    const list = byPart.get(r.partId);
    if (list) list.push(r as KeyedReference);
    else byPart.set(r.partId, [r as KeyedReference]);
  }
  const ordered: KeyedReference[] = [];
  for (const partId of [...byPart.keys()].sort()) {
    const list = byPart.get(partId)!;
    if (!inOrder(list)) list.sort(byKindAndNumber); // stable: of equal rows the last in `rows` stays last
    for (let i = 0; i < list.length; i++)
      if (i === list.length - 1 || byKindAndNumber(list[i]!, list[i + 1]!) !== 0) ordered.push(list[i]!);
  }
  return ordered;
}
type KeyedReference = StoredReference & { numberNormal: string };
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byKindAndNumber = (a: KeyedReference, b: KeyedReference): number =>
  compare(a.kind, b.kind) || compare(a.numberNormal, b.numberNormal);
const inOrder = (list: readonly KeyedReference[]): boolean => {
  for (let i = 1; i < list.length; i++) if (byKindAndNumber(list[i - 1]!, list[i]!) > 0) return false;
  return true;
};

/**
 * Runs one statement per chunk of REFERENCE_CHUNK_ROWS rows, one after the other; the next
 * chunk's parameters are built while the database runs the one before. A chunk ends where a
 * part's rows end (up to twice the size), so the import moves each part's version once.
 */
async function runChunks(
  db: Runner,
  rows: readonly KeyedReference[],
  statement: (chunk: KeyedReference[]) => SQL,
  onResult: (result: unknown) => void = () => {},
) {
  let running: Promise<unknown> | undefined;
  for (let start = 0; start < rows.length;) {
    let end = Math.min(start + REFERENCE_CHUNK_ROWS, rows.length);
    const limit = Math.min(start + 2 * REFERENCE_CHUNK_ROWS, rows.length);
    while (end < limit && rows[end]!.partId === rows[end - 1]!.partId) end += 1;
    const next = statement(rows.slice(start, end));
    await running;
    // then() starts drizzle's query now, so the database works while the loop builds the next.
    running = db.execute(next).then(onResult);
    start = end;
  }
  await running;
}

/** The rows as a set: one array parameter per column (and the normal form, when asked). */
const unnestRows = (chunk: readonly KeyedReference[], withNormal = false): SQL =>
  sql`unnest(${pgArray(chunk.map((r) => r.partId))}::uuid[], ${pgArray(chunk.map((r) => r.kind))}::text[],
             ${pgArray(chunk.map((r) => r.brand))}::text[], ${pgArray(chunk.map((r) => r.number))}::text[]${
               withNormal ? sql`, ${pgArray(chunk.map((r) => r.numberNormal))}::text[]` : sql``
             })`;

/** Replaces the references of `partIds` by `rows` (each row's part among them): the product form. */
export async function replaceReferences(
  db: Runner,
  partIds: readonly string[],
  rows: readonly StoredReference[],
): Promise<void> {
  if (partIds.length === 0) return;
  await db.execute(sql`delete from part_cross_references where part_id in ${idsParam(partIds)}`);
  await upsertReferences(db, rows);
}

/**
 * A text[] literal as one parameter: each element double-quoted, `"` and `\` escaped, so commas,
 * spaces and quotes inside a brand stay in it. One string built in a loop, and the escaping
 * replace only for the rare value that needs it: a third of the CPU of a map, a replace per
 * value and a join (1 against 3.3 s for the import's 1,000,000 rows, docs/PERFORMANCE.md).
 */
function pgArray(values: readonly string[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    literal += `${i === 0 ? '"' : ',"'}${NEEDS_ESCAPE.test(v) ? v.replace(/[\\"]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${literal}}`;
}
const NEEDS_ESCAPE = /[\\"]/;

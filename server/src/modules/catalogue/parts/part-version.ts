import type { Part } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import { idsParam, type Runner } from '../../../lib/sql-lists.ts';

/**
 * Optimistic concurrency for product edits. A part's edit version is its `updatedAt` in
 * milliseconds: an edit moves it (PUT sets it to at least one millisecond past the old one),
 * while stock movements (orders, cancellations, restocks) leave it alone, so an order placed
 * while an admin has the form open never makes the admin's save stale.
 *
 * The `updatedAt` a part answers is `editedAt`: greatest(parts.updated_at, part_versions.version).
 * A product edit moves `parts.updated_at`; the imports move the narrow `part_versions` row
 * (migration 0025) instead, since an UPDATE of a `parts` row writes it into all seven indexes
 * of `parts` (~9 s for the 100,000 parts of a 1,000,000-line import: docs/PERFORMANCE.md).
 *
 * `GET /api/parts/:id` answers the ETag `"e<version base 36>.<content hash>"`: the hash keeps it
 * a cache validator that changes with the stock, the prefix is what `If-Match` is checked on.
 */
export const partVersion = (part: Pick<Part, 'updatedAt'>): number => Date.parse(part.updatedAt);

/** The ETag prefix of a part's body. */
export const partTagPrefix = (part: Pick<Part, 'updatedAt'>): string => `e${partVersion(part).toString(36)}.`;

/**
 * The edit version an `If-Match` names, or null when it names none of ours (then the edit is
 * refused as stale, 412). `*` is not accepted: it would skip the check the header is for.
 */
export function versionOfIfMatch(ifMatch: string): number | null {
  const match = /^\s*(?:W\/)?"e([0-9a-z]{1,12})\.[\w-]*"\s*$/.exec(ifMatch);
  if (!match) return null;
  const version = Number.parseInt(match[1]!, 36);
  return Number.isSafeInteger(version) ? version : null;
}

/**
 * The part row's edit version as a timestamp, in any statement over `parts` (its `updatedAt` as
 * answered): `greatest` ignores the null of a part no import moved.
 */
export const editedAtText = (alias: string): string =>
  `greatest(${alias}.updated_at, (select v.version from part_versions v where v.part_id = ${alias}.id))`;
/** `editedAtText` over `parts` itself, for drizzle statements. */
export const editedAt: SQL<Date> = sql<Date>`${sql.raw(editedAtText('"parts"'))}`;

/**
 * The one way a product edit moves the edit version: to now, and at least a millisecond past the
 * old one (either column's), so it moves however close two changes come. For `UPDATE parts SET
 * updated_at = …`.
 */
export const nextVersion: SQL = sql`greatest(clock_timestamp(), ${editedAt} + interval '1 millisecond')`;

/** The row's edit version is still `version` (the guard of an edit, so of two saves one wins). */
export const versionIs = (version: number): SQL =>
  sql`floor(extract(epoch from ${editedAt}) * 1000)::bigint = ${version}::bigint`;

/**
 * Moves the edit version of parts that changed outside a product edit (the fitment import), so
 * their ETag changes and an admin's open form gets 412 instead of overwriting the change. Run it
 * in the transaction of that change.
 */
export async function bumpVersions(db: Runner, partIds: readonly string[]): Promise<void> {
  // In chunks: each statement stays well inside the pool's 10 s query timeout, even when an
  // import names all 100,000 parts of a catalogue on a busy machine. The part_versions row, not
  // the parts row, moves (migration 0025); the parts rows are only read.
  for (let i = 0; i < partIds.length; i += BUMP_CHUNK_IDS)
    await db.execute(
      sql`insert into part_versions (part_id, version)
          select parts.id, ${nextVersion}
          from parts where parts.id in ${idsParam(partIds.slice(i, i + BUMP_CHUNK_IDS))}
          on conflict (part_id) do update set version = excluded.version`,
    );
}

/** Parts whose version one statement moves. */
export const BUMP_CHUNK_IDS = 10_000;

import type { MatchedBy } from '@torque/contract';
import { sql } from 'drizzle-orm';
import type { Runner } from '../../../lib/sql-lists.ts';

/**
 * Finding parts by a number (PRODUCT.md §17): the part's own, or one of its cross-references,
 * compared in normal form (migration 0010's generated columns and their text_pattern_ops
 * indexes). Exactly, or as the start of a number of at least PREFIX_MIN characters; never by
 * similarity, so `BP-4472` never finds BP-4471.
 */

/** A number this long (normal form) also finds the numbers it starts (`0986494` → 0 986 494 550). */
export const PREFIX_MIN = 5;
/** At most this many references answer one number (a short prefix could name thousands). */
export const MATCHES_PER_NUMBER = 200;

/** One part a number found, and how. */
export interface NumberMatch extends MatchedBy {
  partId: string;
  /** The whole number, not only its start. */
  exact: boolean;
}

/** Which match a part shows when several found it: exact first, then own, replaced, OE, competitor. */
const KIND_ORDER: Record<MatchedBy['kind'], number> = { number: 0, replaces: 1, oe: 2, competitor: 3 };
export const betterMatch = (a: NumberMatch, b: NumberMatch): NumberMatch =>
  a.exact !== b.exact ? (a.exact ? a : b) : KIND_ORDER[a.kind] <= KIND_ORDER[b.kind] ? a : b;

/** The parts each number (normal form) finds: own numbers and cross-references, exact ones first. */
export async function findByNumbers(
  db: Runner,
  normals: readonly string[],
  prefix = true,
): Promise<Map<string, NumberMatch[]>> {
  const found = new Map<string, NumberMatch[]>();
  await Promise.all(
    normals.map(async (normal) => {
      found.set(normal, await findByNumber(db, normal, prefix && normal.length >= PREFIX_MIN));
    }),
  );
  return found;
}

/**
 * One number's matches. The pattern is a parameter of an unnamed statement, planned with its
 * value, so `LIKE 'X%'` is a range scan of the text_pattern_ops index, read in its own order
 * (`using ~<~`: the exact number, the shortest, comes first) up to the limit.
 */
async function findByNumber(db: Runner, normal: string, prefix: boolean): Promise<NumberMatch[]> {
  const test = (column: string) =>
    prefix
      ? sql`${sql.raw(column)} like ${`${normal.replace(/[\\%_]/g, '\\$&')}%`}`
      : sql`${sql.raw(column)} = ${normal}`;
  const { rows } = await db.execute<{
    partId: string;
    kind: MatchedBy['kind'];
    brand: string;
    number: string;
    exact: boolean;
  }>(sql`
    (select id as "partId", 'number' as kind, brand, part_number as number, part_number_normal = ${normal} as exact
     from parts where ${test('part_number_normal')}
     order by part_number_normal using ~<~ limit ${MATCHES_PER_NUMBER})
    union all
    (select part_id, kind, brand, number, number_normal = ${normal}
     from part_cross_references where ${test('number_normal')}
     order by number_normal using ~<~ limit ${MATCHES_PER_NUMBER})`);
  return rows.map((r) => ({ ...r, exact: r.exact === true || String(r.exact) === 't' }));
}

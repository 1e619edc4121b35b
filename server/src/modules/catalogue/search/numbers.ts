import type { MatchedBy } from '@torque/contract';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../lib/prepared-query.ts';

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
  db: Db,
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
 * One number's matches, by a named prepared statement (planned once per connection). The start of
 * a number is an index range of the text_pattern_ops indexes, [normal, normal with its last
 * character moved one on), which a generic plan can use (a `LIKE $1` pattern it could not): in
 * byte order, which is code point order in UTF-8, it holds exactly the values starting with
 * `normal`; the `LIKE` filter keeps exactly those all the same. Read in index order (`using ~<~`:
 * the exact number, the shortest, comes first) up to the limit.
 */
const BY_NUMBER_EXACT = lookupSql('= $1');
const BY_NUMBER_PREFIX = lookupSql(`~>=~ $1 and {column} ~<~ $2 and {column} like $3`);

function lookupSql(test: string): string {
  const where = (column: string) => `${column} ${test.replaceAll('{column}', column)}`;
  return `(select id as "partId", 'number' as kind, brand, part_number as number, part_number_normal = $1 as exact
     from parts where ${where('part_number_normal')}
     order by part_number_normal using ~<~ limit ${MATCHES_PER_NUMBER})
    union all
    (select part_id, kind, brand, number, number_normal = $1
     from part_cross_references where ${where('number_normal')}
     order by number_normal using ~<~ limit ${MATCHES_PER_NUMBER})`;
}

async function findByNumber(db: Db, normal: string, prefix: boolean): Promise<NumberMatch[]> {
  const rows = prefix
    ? await preparedQuery<RawMatch>(db, 'catalogue_number_prefix', BY_NUMBER_PREFIX, [
        normal,
        pastPrefix(normal),
        `${normal.replace(/[\\%_]/g, '\\$&')}%`,
      ])
    : await preparedQuery<RawMatch>(db, 'catalogue_number_exact', BY_NUMBER_EXACT, [normal]);
  return rows.map((r) => ({ ...r, partId: String(r.partId), exact: r.exact === true || String(r.exact) === 't' }));
}

/** The first text past every text starting with `prefix`: its last character moved one code point on. */
function pastPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(last + 1);
}

type RawMatch = Omit<NumberMatch, 'exact'> & { exact: boolean | string };

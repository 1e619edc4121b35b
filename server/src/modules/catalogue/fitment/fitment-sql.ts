import type { Vehicle } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import { parts } from '../../../db/schema/index.ts';

/**
 * What fits a vehicle, in SQL: the row test and the catalogue list's filter (search/ adds it to
 * its page and count). A part's rows as stored are read and written by parts/fitment-rows.ts.
 */

/**
 * The contract's `rowFits` in SQL, on the row alias `f` (tested against each other): make and
 * model equal ignoring case, the year inside the range with both ends included, and the engine
 * equal ignoring case unless the row or the vehicle names none. The make/model/year terms are
 * what the vehicle index (migration 0007) is keyed on.
 */
export function rowFitsSql(v: Vehicle): SQL {
  const engine = v.engine === null ? sql`` : sql` and (f.engine is null or lower(f.engine) = lower(${v.engine}::text))`;
  return sql`lower(f.make) = lower(${v.make}::text) and lower(f.model) = lower(${v.model}::text) and f.year_from <= ${v.year}::int and f.year_to >= ${v.year}::int${engine}`;
}

/**
 * The two ways a part fits `v`, as disjoint sets a list pages one by one and merges
 * (search/search-repository.ts): universal parts (their partial index) and parts with a fitting
 * row (a range of the vehicle index). Each set's ids are collected first (`= any(array(…))`, an
 * InitPlan) and then looked up by primary key, so a page costs what the matches cost, never the
 * catalogue: with a plain `in (…)` and a LIMIT the planner walked the sort's index through all
 * 100,000 parts testing each one (750 ms for a vehicle that fits nothing).
 */
export function fitsVehicleBranches(v: Vehicle): [SQL, SQL] {
  return [
    sql`${parts.id} = any(array(select u.id from parts u where u.universal))`,
    sql`not ${parts.universal} and ${parts.id} = any(array(select f.part_id from part_fitment f where ${rowFitsSql(v)}))`,
  ];
}

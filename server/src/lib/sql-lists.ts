import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A transaction or the database: both run the same statements. */
export type Runner = Pick<Db, 'execute'>;

/** A list of ids as one JSON parameter (drizzle would spread an array into one parameter each). */
export const idsParam = (ids: readonly string[]): SQL =>
  sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * A text[] literal as one parameter. Each word is double-quoted with `"` and `\` backslash-escaped,
 * as JSON.stringify writes them and as an array literal reads them (words such as "ball-bearing"
 * or "1.6" keep their punctuation).
 */
export const textArray = (words: readonly string[]): SQL =>
  sql`${`{${words.map((w) => JSON.stringify(w)).join(',')}}`}::text[]`;

import type pg from 'pg';
import type { Db } from '../db/client.ts';

interface TextQueryClient {
  query<T>(text: string, values: unknown[]): Promise<{ rows: T[] }>;
}

/** node-postgres's pool, told apart without importing `pg` (db/client.ts loads it only for PostgreSQL). */
const isPgPool = (client: unknown): client is pg.Pool =>
  typeof client === 'object' && client !== null && 'totalCount' in client && 'idleCount' in client;

/**
 * Runs hand-written SQL (`$1`, `$2`… parameters) as a named prepared statement on PostgreSQL,
 * so each connection plans it once (planning the order statements cost PostgreSQL more than
 * running them), and as a plain query on PGlite, which has no statement names and no network.
 * `name` must stand for one `text` only. Errors are the driver's own, as lib/db-errors.ts reads them.
 */
export async function preparedQuery<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client: unknown = db.$client;
  if (isPgPool(client)) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await (client as TextQueryClient).query<T>(text, values)).rows;
}

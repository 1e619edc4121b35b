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

/** Runs one statement of a transaction: the same name/text/values rules as `preparedQuery`. */
export type TransactionQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

interface PgliteLike {
  transaction<R>(fn: (tx: TextQueryClient) => Promise<R>): Promise<R>;
}

/**
 * Runs `work` in one transaction of hand-written statements (issue 30: placing on account takes
 * the company's advisory lock, places, and checks the credit limit before it commits). A throw
 * rolls everything back. On PostgreSQL one pooled connection, statements prepared by name; on
 * PGlite its own transaction (PGlite runs one at a time).
 */
export async function inTransaction<R>(db: Db, work: (query: TransactionQuery) => Promise<R>): Promise<R> {
  const client: unknown = db.$client;
  if (isPgPool(client)) {
    const connection = await client.connect();
    try {
      await connection.query('begin');
      const result = await work(
        async <T>(name: string, text: string, values: unknown[]) =>
          (await connection.query<T & pg.QueryResultRow>({ name, text, values })).rows as T[],
      );
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
  return (client as PgliteLike).transaction((tx) =>
    work(async <T>(_name: string, text: string, values: unknown[]) => (await tx.query<T>(text, values)).rows),
  );
}

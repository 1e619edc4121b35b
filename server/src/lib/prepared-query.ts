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

/** Runs one hand-written statement (`$1`, `$2`… parameters) and answers its rows. */
export type StatementRunner = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/** Per key, the last turn queued in this process (its settling, never its failure). */
const turns = new Map<string, Promise<void>>();

/** Runs `run` after every earlier turn of `key` in this process has settled. */
function inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(run);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return mine;
}

/**
 * Runs `run` while this process holds PostgreSQL's session advisory lock (`space`, `key`), its
 * statements on the same connection, so one key's holders take turns across every instance:
 * each statement then starts after the previous holder's have committed and sees them. Within
 * one process a key's callers queue before taking a connection, so a burst for one key holds at
 * most one pooled connection per instance, not the whole pool. On PGlite (one connection, one
 * statement at a time) the statements run as they are. A connection whose unlock failed is
 * discarded, which ends its lock too.
 */
export async function underAdvisoryLock<T>(
  db: Db,
  space: number,
  key: string,
  run: (query: StatementRunner) => Promise<T>,
): Promise<T> {
  const client: unknown = db.$client;
  if (!isPgPool(client)) return run((name, text, values) => preparedQuery(db, name, text, values));
  return inTurn(`${space}:${key}`, () => whileLocked(client, space, key, run));
}

async function whileLocked<T>(
  client: pg.Pool,
  space: number,
  key: string,
  run: (query: StatementRunner) => Promise<T>,
): Promise<T> {
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1::integer, hashtext($2::text))', [space, key]).catch((err) => {
      broken = err as Error;
      throw err;
    });
    try {
      return await run(
        async <R>(name: string, text: string, values: unknown[]) =>
          (await connection.query<R & pg.QueryResultRow>({ name, text, values })).rows,
      );
    } finally {
      await connection
        .query('select pg_advisory_unlock($1::integer, hashtext($2::text))', [space, key])
        .catch((err: unknown) => {
          broken = err as Error;
        });
    }
  } finally {
    connection.release(broken);
  }
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The same server and credentials, another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own, closed afterwards (CREATE/DROP DATABASE, a version). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  serverUrl: string,
  text: string,
  values?: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A database of its own on a shared PostgreSQL server, dropped (connections and all) afterwards. */
export interface ScratchDatabase {
  name: string;
  url: string;
  /** A connection of the caller's own (opened on first use), to check what was stored. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/**
 * Creates `torque_<label>_<random>` on the server `serverUrl` points at: empty (the server
 * under test migrates and seeds it), or a copy of `template`.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { label?: string; template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `torque_${options.label ?? 'scratch'}_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"${options.template ? ` template "${options.template}"` : ''}`);
  const url = databaseUrl(serverUrl, name);
  let pool: pg.Pool | undefined;
  return {
    name,
    url,
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      if (!pool) {
        pool = new pg.Pool({ connectionString: url, max: 2 });
        pool.on('error', () => {});
      }
      return (await pool.query<R>(text, values)).rows;
    },
    async drop() {
      await pool?.end().catch(() => {});
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

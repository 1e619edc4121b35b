import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** One type for both drivers: the pg-core query builder is the same over each. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** A cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** An already-open PGlite (tests clone one from a migrated template). */
  pglite?: PGlite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pglite ?? (await createPglite(options.dataDir)));
}

async function createPglite(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dir);
}

function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

function openPostgres(connectionString: string, max: number): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A dead database must not hang requests: fail fast and let the API answer 503.
    connectionTimeoutMillis: 3_000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

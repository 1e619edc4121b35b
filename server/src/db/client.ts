import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema/index.ts';

// Each driver is imported only by the configuration that uses it: loading the other one is start-up
// time and memory for nothing (docs/PERFORMANCE.md, "Where the time goes").

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** One type for both drivers: the pg-core query builder is the same over each. */
export type Db = ReturnType<typeof drizzleNodePg<typeof schema>>;

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

/**
 * The contrib extensions the migrations create (catalogue search: pg_trgm, unaccent). PGlite
 * loads an extension's code only when it is passed here, also for a data folder that already
 * has it, so every PGlite the app or the tests open goes through this.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

async function createPglite(dataDir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dir, { extensions: await pgliteExtensions() });
}

async function openPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/**
 * A dead database must not hang requests: opening a connection fails after 3 s ('timeout
 * expired', which lib/db-errors.ts knows), and the API answers 503.
 */
function fastFailClient(Client: typeof pg.Client): typeof pg.Client {
  return class FastFailClient extends Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: 3_000 });
    }
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max,
    // pg-pool applies this to waiting for a free connection, which is queueing, not an outage:
    // a burst of orders for one part serialises on its row and may queue as long as a query
    // may run. A dead database still fails fast: see FastFailClient.
    connectionTimeoutMillis: 10_000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    Client: fastFailClient(pg.Client),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(pool, (client) => migratePg(drizzlePg({ client, schema }), { migrationsFolder })),
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** Any fixed number, the same in every instance (seed.ts takes 727001). */
const MIGRATION_LOCK = 727000;

/**
 * drizzle's migrator reads the last applied migration and then applies the newer ones, so two
 * instances starting together on an empty database both apply them and one fails on a
 * duplicate schema or type. A session advisory lock makes them take turns; the second then
 * finds nothing left to do. The connection is dropped afterwards, which releases the lock
 * even when migrating failed half-way.
 */
async function migrateUnderLock(pool: pg.Pool, migrate: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(client);
  } finally {
    client.release(true);
  }
}

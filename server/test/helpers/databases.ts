import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, pgliteExtensions, type Database } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const cacheDir = path.resolve(import.meta.dirname, '../../.cache');

/** A hash of the migrations: a new migration makes new templates. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

const templateFile = () => path.join(cacheDir, `pglite-template-${migrationsHash()}.tar.gz`);
const templateDbName = () => `torque_test_template_${migrationsHash()}`;

/** The kinds every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Run once before all suites: migrate a PGlite (initdb ~5 s) and a PostgreSQL template. */
export async function prepareTemplates(): Promise<void> {
  const file = templateFile();
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const client = await PGlite.create({ extensions: await pgliteExtensions() });
    const database = await openDatabase({ dataDir: cacheDir, pglite: client });
    await database.migrate();
    const dump = await client.dumpDataDir('gzip');
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    await client.close();
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const name = templateDbName();
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database "${name}"`);
        const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: cacheDir, poolSize: 1 });
        await database.migrate();
        await database.close();
      }
    } finally {
      await admin.end();
    }
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  database: Database;
  /** The connection string, for PostgreSQL (a second server process can join it). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database for one suite (~0.6 s on PGlite). */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(templateFile())]),
      extensions: await pgliteExtensions(),
    });
    const database = await openDatabase({ dataDir: cacheDir, pglite: client });
    return { database, drop: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `torque_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateDbName()}"`);
  await admin.end();
  const url = withDatabase(base, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: cacheDir, poolSize: options.poolSize ?? 10 });
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => {});
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

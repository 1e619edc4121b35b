import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where databases are created; BENCH_PG_URL overrides it. */
export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function psql(url: string, sql: string): Promise<string> {
  const { stdout } = await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql]);
  return stdout.trim();
}

export async function postgresVersion(): Promise<string | null> {
  try {
    return await psql(adminUrl, 'show server_version');
  } catch {
    return null;
  }
}

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database for one run, dropped afterwards (its connections closed first). */
export async function createTemporaryDatabase(): Promise<TemporaryDatabase> {
  const name = `torque_bench_${process.pid}_${Date.now()}`;
  await psql(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await psql(adminUrl, `drop database if exists ${name} with (force)`)),
  };
}

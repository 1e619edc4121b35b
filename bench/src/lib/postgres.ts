import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where databases are created (@torque/testkit's createScratchDatabase); BENCH_PG_URL overrides it. */
export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresVersion(): Promise<string | null> {
  try {
    const { stdout } = await run('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-tAc', 'show server_version']);
    return stdout.trim();
  } catch {
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '@torque/testkit';
import { get, hasOrderRoutes } from '../lib/api-client.ts';
import { memoryOf } from '../lib/processes.ts';
import { startAppServer } from '../lib/servers.ts';
import { compareOrderList, measureOrderWrites, type OrderWriteResult } from './orders.ts';
import { comparePair, measureAlone, type AloneResult, type PairResult } from './pairs.ts';
import type { Scenario, Settings } from './settings.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseReport {
  kind: DatabaseKind;
  /** First start on an empty database: create, migrate, seed. */
  firstStartMs: number;
  /** Start to first 200 on the existing database, one per restart. */
  restartMs: number[];
  catalogue?: PairResult;
  part?: PairResult;
  /** Peak RSS (VmHWM) of the server process after the catalogue load, and the highest RSS sampled during it. */
  memory?: { peakMb: number; sampledMaxMb: number };
  token?: { user: PairResult; health: AloneResult; config: AloneResult };
  orderList?: PairResult;
  orderWrites?: OrderWriteResult;
  /** Why the order benchmarks did not run. */
  ordersSkipped?: string;
  notes: string[];
}

export const ADMIN_EMAIL = 'bench-admin@torque.bench';

/** The environment of a production-like server for the run. */
export function serverEnv(settings: Settings, dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Limits stay on (their checks run on every order) but high enough for one benchmark client,
    // who places tens of thousands of one-unit orders and pays none of them.
    RATE_LIMIT_SCALE: '100000',
    MAX_UNPAID_UNITS_PER_ACCOUNT: '1000000000',
    LOG_LEVEL: settings.logLevel,
  };
}

/** Samples the process's RSS while `work` runs. */
async function sampleMemory<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; maxMb: number }> {
  let maxMb = memoryOf(pid).currentMb;
  const timer = setInterval(() => {
    try {
      maxMb = Math.max(maxMb, memoryOf(pid).currentMb);
    } catch {
      // The process may be gone; the load will report it.
    }
  }, 100);
  try {
    return { value: await work(), maxMb };
  } finally {
    clearInterval(timer);
  }
}

export async function runDatabase(
  kind: DatabaseKind,
  settings: Settings,
  databaseUrl?: string,
): Promise<DatabaseReport> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `torque-bench-${kind}-`));
  const env = serverEnv(settings, path.join(workDir, 'data'), databaseUrl);
  const logFile = path.join(workDir, 'server.log');
  const notes: string[] = [];

  process.stdout.write(`  first start on an empty ${kind} database (create, migrate, seed)\n`);
  const first = await startAppServer({ env, logFile });
  await first.stop();

  const restartMs: number[] = [];
  let server = first;
  for (let i = 0; i < settings.restarts; i++) {
    server = await startAppServer({ env, logFile });
    restartMs.push(server.startToFirst200Ms);
    if (i < settings.restarts - 1) await server.stop();
  }
  process.stdout.write(`  start to first 200 on the existing database: ${restartMs.map(Math.round).join(', ')} ms\n`);

  try {
    const base = server.url;
    const pid = server.process.pid!;
    const report: DatabaseReport = { kind, firstStartMs: first.startToFirst200Ms, restartMs, notes };
    const wanted = (scenario: Scenario) => settings.scenarios.includes(scenario);

    if (wanted('catalogue')) {
      process.stdout.write('  GET /api/parts (the catalogue, anonymous)\n');
      const body = (await get(base, '/api/parts')).bytes;
      const run = await sampleMemory(pid, () =>
        comparePair({ label: 'GET /api/parts', url: `${base}/api/parts`, body }, settings, workDir),
      );
      report.catalogue = run.value;
      report.memory = { peakMb: memoryOf(pid).peakMb, sampledMaxMb: run.maxMb };
    }
    if (wanted('part')) {
      process.stdout.write('  GET /api/parts/:id\n');
      const [firstPart] = (await get<{ _id: string }[]>(base, '/api/parts')).body;
      const partPath = `/api/parts/${firstPart!._id}`;
      report.part = await comparePair(
        { label: 'GET /api/parts/:id', url: `${base}${partPath}`, body: (await get(base, partPath)).bytes },
        settings,
        workDir,
      );
    }
    if (wanted('token') && kind === 'postgres') report.token = await measureTokenCost(base, settings, workDir);

    if (wanted('orders')) {
      if (await hasOrderRoutes(base)) {
        const admin = await signUp(base, ADMIN_EMAIL, { headers: { origin: base } });
        process.stdout.write('  GET /api/order?email= (20 orders, bearer)\n');
        report.orderList = await compareOrderList(base, admin, settings, workDir);
        process.stdout.write(`  POST /api/order (${settings.connections} connections)\n`);
        report.orderWrites = await measureOrderWrites(base, admin, settings);
      } else {
        report.ordersSkipped = 'POST /api/order answered 404: the order endpoints are not in this build yet';
      }
    }
    return report;
  } finally {
    await server.stop();
  }
}

/**
 * Issue #3's question, what the access-token check costs: `GET /api/user?email=` (token check
 * + one user lookup) against bare node serving its bytes, next to two anonymous routes of
 * similar size: `/api/health` (one database round trip, no token) and `/api/config` (neither).
 */
async function measureTokenCost(
  base: string,
  settings: Settings,
  workDir: string,
): Promise<NonNullable<DatabaseReport['token']>> {
  const customer = await signUp(base, `bench-user-${Date.now()}@torque.bench`, { headers: { origin: base } });
  const userPath = `/api/user?email=${encodeURIComponent(customer.email)}`;
  const headers = { authorization: `Bearer ${customer.token}` };
  process.stdout.write('  GET /api/user?email= (bearer)\n');
  const userBody = (await get(base, userPath, customer.token)).bytes;
  const user = await comparePair(
    { label: 'GET /api/user?email= (bearer)', url: `${base}${userPath}`, headers, body: userBody },
    settings,
    workDir,
  );
  process.stdout.write('  GET /api/health (anonymous, one database round trip)\n');
  const health = await measureAlone(
    { label: 'GET /api/health', url: `${base}/api/health`, body: (await get(base, '/api/health')).bytes },
    settings,
  );
  process.stdout.write('  GET /api/config (anonymous, no database)\n');
  const config = await measureAlone(
    { label: 'GET /api/config', url: `${base}/api/config`, body: (await get(base, '/api/config')).bytes },
    settings,
  );
  return { user, health, config };
}

/**
 * Where one route's time goes: `npm run profile -w @torque/bench -- <route> [pglite|postgres]`
 * starts the real server (its TypeScript sources) under `node --cpu-prof`, loads the route as `npm run bench` does,
 * stops the server and prints the self time by package and by function (start-up left out).
 * Routes: parts, part, user, order-list, order-post, config, health.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addPart, orderBody, placeOrder, signUp } from '@torque/testkit';
import { get } from './lib/api-client.ts';
import { summariseProfile } from './lib/cpu-profile.ts';
import { assertClean, load, type LoadSpec } from './lib/load.ts';
import { adminUrl } from './lib/postgres.ts';
import { stopAllChildren } from './lib/processes.ts';
import { startAppServer } from './lib/servers.ts';
import { createScratchDatabase, type ScratchDatabase } from '@torque/testkit';

const [route = 'parts', kind = 'pglite'] = process.argv.slice(2);
const seconds = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN = 'bench-admin@torque.bench';

const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-profile-'));
const profileDir = path.join(workDir, 'profile');
let database: ScratchDatabase | undefined;
if (kind === 'postgres') database = await createScratchDatabase(adminUrl, { label: 'bench' });

const env = {
  NODE_ENV: 'production',
  DATA_DIR: path.join(workDir, 'data'),
  ...(database ? { DATABASE_URL: database.url } : {}),
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  ADMIN_EMAILS: ADMIN,
  RATE_LIMIT_SCALE: '100000',
  // order-post: one customer places thousands of unpaid one-unit orders.
  MAX_UNPAID_UNITS_PER_ACCOUNT: '1000000000',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
};

try {
  // Create, migrate and seed first, so the profiled process only opens the database.
  const setup = await startAppServer({ env, logFile: path.join(workDir, 'server.log'), entry: 'sources' });
  await setup.stop();
  const spawned = performance.now();
  // The sources, not the bundle: in one bundled file every sample would name dist/main.mjs, and
  // the summary by package would be lost. The code that runs under load is the same.
  const server = await startAppServer({
    env,
    logFile: path.join(workDir, 'server.log'),
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    entry: 'sources',
  });
  const base = server.url;
  const spec = await specFor(route, base);
  const loadStartMs = performance.now() - spawned;
  const result = await load({ ...spec, connections, durationSeconds: seconds });
  assertClean(route, result);
  await server.stop();
  const [file] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  const summary = summariseProfile(path.join(profileDir, file!), loadStartMs);
  console.log(
    `\n${route} on ${kind}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latencyMs.p99} ms; profile ${path.join(profileDir, file!)}`,
  );
  console.log(`\nself time by package (${Math.round(summary.totalMs)} ms sampled during the load):`);
  for (const [name, pct] of summary.byPackage) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
  console.log('\nself time by function:');
  for (const [name, pct] of summary.byFunction) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
} finally {
  await stopAllChildren();
  await database?.drop();
}

async function specFor(name: string, base: string): Promise<Omit<LoadSpec, 'connections' | 'durationSeconds'>> {
  if (name === 'parts' || name === 'config' || name === 'health') return { url: `${base}/api/${name}` };
  if (name === 'part')
    return { url: `${base}/api/parts/${(await get<{ _id: string }[]>(base, '/api/parts')).body[0]!._id}` };
  const admin = await signUp(base, ADMIN, { headers: { origin: base } });
  const customer = await signUp(base, `profile-${Date.now()}@torque.bench`, { headers: { origin: base } });
  const headers = { authorization: `Bearer ${customer.token}` };
  if (name === 'user') return { url: `${base}/api/user?email=${encodeURIComponent(customer.email)}`, headers };
  if (name === 'order-list') {
    const part = await addPart(base, admin, { available: 1000, price: 12.5 });
    for (let i = 0; i < 20; i++) await placeOrder(base, customer, part._id);
    return { url: `${base}/api/order?email=${encodeURIComponent(customer.email)}`, headers };
  }
  if (name === 'order-post') {
    const part = await addPart(base, admin, { available: 1_000_000, price: 12.5 });
    return {
      url: `${base}/api/order`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(orderBody(part._id)),
    };
  }
  throw new Error(`unknown route "${name}"; use parts, part, user, order-list, order-post, config or health`);
}

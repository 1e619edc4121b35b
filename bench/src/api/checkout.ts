/**
 * Checkout (issue 27) on PostgreSQL: `POST /api/checkout` of a 20-line cart at 20 connections
 * (goal p99 < 150 ms), and of 3-line carts all on one hot set of 3 parts (goal ≥ 500 orders/s),
 * then every unit accounted for: units in order lines + units left = the initial stock.
 *
 * A checkout empties the cart it places, so the load is rounds: every buyer's cart is filled by
 * one SQL statement (not measured), then the buyers check out, `connections` at a time, each once
 * (one account's placements take turns, as a shop's many buyers' do not). Orders/s is the orders
 * over the time spent checking out; latencies are per checkout. Run alone:
 * `npm run bench -- checkout`; PostgreSQL only.
 *
 * BENCH_CHECKOUT_SWEEP=1,2,4: the hot set's 3-line case also at these numbers of connections
 * first (5 rounds each, no goal): what a checkout costs without queueing on the hot rows, and
 * how the database's CPU per order grows as more checkouts wait on the same rows.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { processCpuMs } from '../lib/processes.ts';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { addPart, type ApiUser, createScratchDatabase, signUp } from '@torque/testkit';
import { summariseProfile } from '../lib/cpu-profile.ts';
import { machineLine, table, today, verdict } from '../lib/doc.ts';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import { psql } from './scale-kit.ts';
import type { Settings } from './settings.ts';

/** Buyers per round: each checks out once a round. */
const BUYERS = 100;
const STOCK = 1_000_000;
const CONTACT = JSON.stringify({ phone: '+1 555 0100', address: '1 Main St, Springfield' });

export interface CheckoutCase {
  label: string;
  lines: number;
  connections: number;
  orders: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 201 (none expected: stock is ample). */
  failures: number;
  goal: string;
  pass: boolean;
  /** Units in order lines + units left = initial, for every part of the case. */
  balanced: boolean;
  /** CPU milliseconds per order of the server process and of the database's backends (from /proc). */
  cpu: { serverMs: number; databaseMs: number; clientMs: number };
  /** Sampled database backends of the scratch database, by what they were doing (`wait_event` or `CPU`), in % of samples. */
  waits: [string, number][];
}

export interface CheckoutReport {
  settings: Settings;
  postgresVersion: string | null;
  cases: CheckoutCase[];
  loadAverage: { before: number[]; after: number[] };
}

/** The backends of the scratch database other than psql's own. */
async function backendsOf(dbUrl: string): Promise<number[]> {
  const out = await psql(
    dbUrl,
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return out.split('\n').filter(Boolean).map(Number);
}

/** Server + database CPU so far; the backends are the pool's, which live through the run. */
async function cpuNow(serverPid: number, dbUrl: string) {
  const backends = await backendsOf(dbUrl);
  const own = process.cpuUsage();
  return {
    serverMs: processCpuMs(serverPid),
    databaseMs: backends.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    clientMs: (own.user + own.system) / 1000,
  };
}

/**
 * Samples, every 20 ms while `work` runs, what the scratch database's active backends wait on
 * (`Lock/transactionid`, `IO/WALSync`…; `CPU` when running): where a checkout's database time goes.
 * One psql connection stays open and answers each sample (a process per sample would cost more
 * CPU than it measures).
 */
async function sampleWaits<T>(dbUrl: string, work: () => Promise<T>): Promise<{ value: T; waits: [string, number][] }> {
  const counts = new Map<string, number>();
  let total = 0;
  let running = true;
  const child = spawn('psql', [dbUrl, '-tAq', '-F', '|'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const [state, wait] = line.split('|');
      if (!state || state === 'idle' || state === 'done') continue;
      const key = wait ? wait : 'CPU';
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total++;
    }
  });
  const loop = (async () => {
    while (running) {
      child.stdin.write(
        "select state, coalesce(wait_event_type || '/' || wait_event, '') from pg_stat_activity " +
          "where datname = current_database() and pid <> pg_backend_pid() and state = 'active';\n",
      );
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const value = await work();
    return {
      value,
      waits: [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, (n / Math.max(1, total)) * 100]),
    };
  } finally {
    running = false;
    await loop;
    // Gone before the CPU is read again: its backend must not count as a checkout's.
    const exited = once(child, 'exit');
    child.stdin.end();
    await exited;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Fills every buyer's cart with `parts`, `quantity` units each, in one statement. */
async function fillCarts(url: string, buyerIds: string[], partIds: string[], quantity: number) {
  await psql(
    url,
    `insert into cart_lines (user_id, part_id, quantity)
     select u, p, ${quantity} from unnest(array['${buyerIds.join("','")}']) as u,
       unnest(array['${partIds.join("','")}']::uuid[]) with ordinality as x(p, n) order by u, n
     on conflict do nothing`,
  );
}

/**
 * One `POST /api/checkout` through node:http on a kept-alive connection of `agent`, asking for the
 * encodings fetch asks for (the server compresses as it would for fetch), the answer decoded whole.
 * Not fetch: undici's fetch cost this load generator about twice the CPU per checkout, on the same
 * two cores as the server and the database (docs/PERFORMANCE.md, "Checkout").
 */
function postCheckout(agent: http.Agent, url: string, token: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(CONTACT),
          'accept-encoding': 'gzip, deflate',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
            resolve({ status: response.statusCode ?? 0, text: body.toString('utf8') });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(CONTACT);
  });
}

/** Whether `text` is a placed order of `lines` lines (the contract's `order`: its `_id` and `lines`). */
function isPlacedOrder(text: string, lines: number): boolean {
  try {
    const order = JSON.parse(text) as { _id?: unknown; lines?: unknown };
    return typeof order._id === 'string' && Array.isArray(order.lines) && order.lines.length === lines;
  } catch {
    return false;
  }
}

/**
 * Every buyer checks out once, `connections` at a time; the latency of each and the time it all
 * took. An answer counts as an order only if it is a 201 with the placed order of `lines` lines.
 */
async function checkoutRound(agent: http.Agent, base: string, buyers: ApiUser[], connections: number, lines: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < buyers.length; i = next++) {
        const start = performance.now();
        const res = await postCheckout(agent, `${base}/api/checkout`, buyers[i]!.token);
        latencies.push(performance.now() - start);
        if (res.status !== 201 || !isPlacedOrder(res.text, lines)) {
          failures++;
          if (failures <= 3) console.error(`    checkout → ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }),
  );
  return { latencies, seconds: (performance.now() - t0) / 1000, failures };
}

async function runCase(
  base: string,
  serverPid: number,
  dbUrl: string,
  admin: ApiUser,
  buyers: ApiUser[],
  spec: {
    label: string;
    lines: number;
    connections: number;
    rounds: number;
    goal: string;
    pass: (c: CheckoutCase) => boolean;
  },
): Promise<CheckoutCase> {
  process.stdout.write(`  ${spec.label}\n`);
  const parts = [];
  for (let i = 0; i < spec.lines; i++) parts.push(await addPart(base, admin, { available: STOCK, price: 4.99 + i }));
  const partIds = parts.map((p) => p._id);
  const ids = buyers.map((b) => b.id);
  // The case's connections, kept alive across its rounds (as fetch's pool kept them).
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  // One unmeasured round: the JIT, the prepared statements and the pools warm up.
  await fillCarts(dbUrl, ids, partIds, 1);
  await checkoutRound(agent, base, buyers, spec.connections, spec.lines);
  const latencies: number[] = [];
  let seconds = 0;
  let failures = 0;
  const cpu = { serverMs: 0, databaseMs: 0, clientMs: 0 };
  const waitShares = new Map<string, number>();
  for (let round = 0; round < spec.rounds; round++) {
    await fillCarts(dbUrl, ids, partIds, 1);
    const before = await cpuNow(serverPid, dbUrl);
    const { value: r, waits } = await sampleWaits(dbUrl, () =>
      checkoutRound(agent, base, buyers, spec.connections, spec.lines),
    );
    const after = await cpuNow(serverPid, dbUrl);
    cpu.serverMs += after.serverMs - before.serverMs;
    cpu.databaseMs += after.databaseMs - before.databaseMs;
    cpu.clientMs += after.clientMs - before.clientMs;
    for (const [k, pct] of waits) waitShares.set(k, (waitShares.get(k) ?? 0) + pct / spec.rounds);
    latencies.push(...r.latencies);
    seconds += r.seconds;
    failures += r.failures;
  }
  agent.destroy();
  const balance = await psql(
    dbUrl,
    `select bool_and(p.available + coalesce((select sum(l.quantity) from order_lines l where l.part_id = p.id), 0) = ${STOCK})
     from parts p where p.id = any(array['${partIds.join("','")}']::uuid[])`,
  );
  const sorted = [...latencies].sort((a, b) => a - b);
  const result: CheckoutCase = {
    label: spec.label,
    lines: spec.lines,
    connections: spec.connections,
    orders: latencies.length - failures,
    seconds,
    ordersPerSecond: (latencies.length - failures) / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    failures,
    goal: spec.goal,
    pass: false,
    balanced: balance === 't',
    cpu: {
      serverMs: cpu.serverMs / latencies.length,
      databaseMs: cpu.databaseMs / latencies.length,
      clientMs: cpu.clientMs / latencies.length,
    },
    waits: [...waitShares].sort((a, b) => b[1] - a[1]).slice(0, 5),
  };
  result.pass = failures === 0 && result.balanced && spec.pass(result);
  process.stdout.write(
    `    ${Math.round(result.ordersPerSecond)} orders/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
      `${failures} failures, balanced: ${result.balanced}\n` +
      `    CPU per order: server ${result.cpu.serverMs.toFixed(2)} ms, database ${result.cpu.databaseMs.toFixed(2)} ms, ` +
      `load generator ${result.cpu.clientMs.toFixed(2)} ms; ` +
      `active backends: ${result.waits.map(([k, pct]) => `${k} ${pct.toFixed(0)} %`).join(', ')}\n`,
  );
  return result;
}

export async function runCheckoutBench(settings: Settings, postgresVersion: string | null): Promise<CheckoutReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_checkout' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-checkout-'));
  const profileDir = path.join(workDir, 'profile');
  let profileFrom = 0;
  let server: RunningServer | undefined;
  const before = os.loadavg();
  try {
    console.log('\ncheckout (PostgreSQL)');
    const spawned = performance.now();
    // BENCH_CHECKOUT_PROFILE=1: the TypeScript sources under --cpu-prof (bench-profile.ts's reasons), the summary printed at the end.
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
      ...(PROFILE && { entry: 'sources' as const, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] }),
    });
    const serverPid = server.process.pid!;
    const base = server.url;
    const origin = { headers: { origin: base } };
    const admin = await signUp(base, ADMIN_EMAIL, origin);
    const buyers: ApiUser[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await signUp(base, `bench-checkout-${i}@torque.bench`, origin));
    profileFrom = performance.now() - spawned;
    const sweep = [];
    for (const connections of SWEEP) {
      sweep.push(
        await runCase(base, serverPid, database.url, admin, buyers, {
          label: `3-line carts on the hot set, ${connections} connection${connections === 1 ? '' : 's'} (sweep)`,
          lines: 3,
          connections,
          rounds: 5,
          goal: COMPARISON,
          pass: () => true,
        }),
      );
    }
    const cases = [
      ...sweep,
      await runCase(base, serverPid, database.url, admin, buyers, {
        label: 'POST /api/checkout, a 20-line cart (20 connections)',
        lines: 20,
        connections: 20,
        rounds: 10,
        goal: 'p99 < 150 ms',
        pass: (c) => c.p99 < 150,
      }),
      await runCase(base, serverPid, database.url, admin, buyers, {
        label: 'POST /api/checkout, 3-line carts on one hot set of 3 parts (20 connections)',
        lines: 3,
        connections: 20,
        rounds: 30,
        goal: '≥ 500 orders/s',
        pass: (c) => c.ordersPerSecond >= 500,
      }),
    ];
    return { settings, postgresVersion, cases, loadAverage: { before, after: os.loadavg() } };
  } finally {
    await server?.stop();
    await database.drop();
    if (PROFILE) printProfile(profileDir, profileFrom);
  }
}

const PROFILE = process.env.BENCH_CHECKOUT_PROFILE === '1';
/** The sweep's rows have no goal. */
const COMPARISON = 'for comparison';
const SWEEP = (process.env.BENCH_CHECKOUT_SWEEP ?? '')
  .split(',')
  .filter(Boolean)
  .map((n) => {
    const connections = Number(n);
    if (!Number.isInteger(connections) || connections < 1)
      throw new Error(`BENCH_CHECKOUT_SWEEP: "${n}" is not a number of connections`);
    return connections;
  });

/** The server's self time during the checkouts (sign-ups and start-up left out), by package and function. */
function printProfile(dir: string, fromMs: number) {
  const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) return;
  const summary = summariseProfile(path.join(dir, file), fromMs, 40);
  console.log(`\nserver profile ${path.join(dir, file)}: ${Math.round(summary.totalMs)} ms sampled during checkouts`);
  for (const [name, pct] of summary.byPackage) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
  console.log('');
  for (const [name, pct] of summary.byFunction) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
}

const fixed = (n: number[]) => n.map((x) => x.toFixed(2)).join(' / ');

export function checkoutMarkdown(report: CheckoutReport): string {
  const rows = report.cases.map((c) => [
    c.label,
    c.orders.toLocaleString('en'),
    Math.round(c.ordersPerSecond).toLocaleString('en'),
    `${c.p50.toFixed(1)} ms`,
    `${c.p99.toFixed(1)} ms`,
    `${c.max.toFixed(1)} ms`,
    c.balanced ? 'yes' : '**no**',
    `${c.cpu.serverMs.toFixed(1)} / ${c.cpu.databaseMs.toFixed(1)} / ${c.cpu.clientMs.toFixed(1)} ms`,
    c.waits.map(([k, pct]) => `${k} ${pct.toFixed(0)} %`).join(', '),
    c.goal === COMPARISON ? COMPARISON : `${c.goal}: ${verdict(c.pass)}`,
  ]);
  return [
    '## Checkout (issue 27)',
    '',
    `Measured ${today()} with \`BENCH_PG_URL=postgres://…/<an empty database> npm run bench -- checkout\` ` +
      `on PostgreSQL ${report.postgresVersion ?? '?'}, the production bundle; ${machineLine()}.`,
    `Load average (1 / 5 / 15 min) before: ${fixed(report.loadAverage.before)}, after: ${fixed(report.loadAverage.after)} ` +
      '(the machine is shared: other work ran beside the benchmark).',
    '',
    `Each round fills every buyer's cart (${BUYERS} buyers) with one SQL statement, not measured; then each buyer checks out ` +
      'once, the given number of checkouts in flight at a time. Orders/s is the orders over the time spent checking out; ' +
      '"balanced": for every part, units in order lines + units left = the initial stock. CPU per order: of the server ' +
      "process / the database's backends / this load generator, from /proc over the measured rounds. Waits: what the " +
      "database's active backends were doing, sampled every 20 ms from pg_stat_activity (CPU: no wait event; Lock/tuple " +
      "and Lock/transactionid: queued on another checkout's row lock).",
    '',
    table(
      ['request', 'orders', 'orders/s', 'p50', 'p99', 'max', 'balanced', 'CPU per order', 'active backends', 'goal'],
      rows,
    ),
  ].join('\n');
}

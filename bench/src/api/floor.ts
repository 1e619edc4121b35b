/**
 * `npm run bench:floor`: the floor under every latency goal at N connections on this machine, with
 * the load generator on the same cores, as in every API benchmark here:
 *
 * - bare `node:http` answering fixed bytes from memory (the bytes of the app's catalogue page);
 * - Fastify alone (no plugin, hook or logger) answering the same bytes;
 * - the app's cheapest answer, `GET /api/parts?limit=1` (the catalogue page, cached in memory after
 *   the first request), and its cheapest answer with one database round trip, `GET /api/health`;
 *   these four at 50 and 4 connections;
 * - the app's cheapest write by a signed-in buyer, `PUT /api/cart` of one line (the token checked,
 *   one transaction committed), at the checkout benchmark's 20 connections.
 *
 * Rounds alternate the targets, so each sees the same machine. Rewrites the `floor` section of
 * docs/PERFORMANCE.md. BENCH_FLOOR_ROUNDS (3): rounds; BENCH_FLOOR_SECONDS (8): seconds per
 * measurement, after 2 s of warm-up on the same target; BENCH_PG_URL: the PostgreSQL server the
 * app runs on (a scratch database, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, signUp } from '@torque/testkit';
import { machineLine, table, today, writeSection } from '../lib/doc.ts';
import { load, assertClean, type LoadResult, type LoadSpec } from '../lib/load.ts';
import { adminUrl, postgresVersion } from '../lib/postgres.ts';
import { stopAllChildren } from '../lib/processes.ts';
import { startAppServer, startBaselineServer } from '../lib/servers.ts';
import { median } from '../lib/stats.ts';

const rounds = Math.max(1, Number(process.env.BENCH_FLOOR_ROUNDS ?? 3));
const seconds = Math.max(2, Number(process.env.BENCH_FLOOR_SECONDS ?? 8));
const READ_CONNECTIONS = [50, 4];
const WRITE_CONNECTIONS = [20];
const BUYERS = 20;

process.once('SIGINT', () => void stopAllChildren().finally(() => process.exit(130)));

const pgVersion = await postgresVersion();
if (!pgVersion) throw new Error(`bench:floor needs PostgreSQL at BENCH_PG_URL (${adminUrl})`);
const database = await createScratchDatabase(adminUrl, { label: 'bench_floor' });
const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-floor-'));
const loadBefore = os.loadavg();
const app = await startAppServer({
  env: {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(workDir, 'data'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
  },
  logFile: path.join(workDir, 'server.log'),
});
const catalogueBytes = Buffer.from(await (await fetch(`${app.url}/api/parts?limit=1`)).arrayBuffer());
const bare = await startBaselineServer(catalogueBytes, path.join(workDir, 'body.json'));
const bareFastify = await startBaselineServer(
  catalogueBytes,
  path.join(workDir, 'body-fastify.json'),
  'application/json; charset=utf-8',
  'fastify',
);

const origin = { headers: { origin: app.url } };
const buyers = [];
for (let i = 0; i < BUYERS; i++) buyers.push(await signUp(app.url, `bench-floor-${i}@torque.bench`, origin));
const [firstPart] = JSON.parse(catalogueBytes.toString('utf8')) as { _id: string; minimunOrder: number }[];
if (!firstPart) throw new Error('bench:floor: the catalogue is empty (no demo parts seeded)');

interface Target {
  label: string;
  url: string;
  connections: number[];
  spec?: Partial<LoadSpec>;
}
const targets: Target[] = [
  {
    label: 'bare node:http, the same bytes from memory',
    url: `${bare.url}/`,
    connections: READ_CONNECTIONS,
    spec: { expectBody: catalogueBytes.toString('utf8') },
  },
  {
    label: 'Fastify alone (no plugin, hook or logger), the same bytes',
    url: `${bareFastify.url}/`,
    connections: READ_CONNECTIONS,
    spec: { expectBody: catalogueBytes.toString('utf8') },
  },
  {
    label: 'the app: GET /api/parts?limit=1 (cached in memory)',
    url: `${app.url}/api/parts?limit=1`,
    connections: READ_CONNECTIONS,
  },
  {
    label: 'the app: GET /api/health (one database round trip)',
    url: `${app.url}/api/health`,
    connections: READ_CONNECTIONS,
  },
  {
    label: `the app: PUT /api/cart of one line by ${BUYERS} signed-in buyers in turn (one write transaction)`,
    url: `${app.url}/api/cart`,
    connections: WRITE_CONNECTIONS,
    spec: {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ partId: firstPart._id, quantity: firstPart.minimunOrder }] }),
      rotateHeaders: buyers.map((buyer) => ({ authorization: `Bearer ${buyer.token}` })),
    },
  },
];
const results = new Map<string, LoadResult[]>();
try {
  for (let round = 0; round < rounds; round++) {
    for (const target of round % 2 ? [...targets].reverse() : targets) {
      for (const connections of target.connections) {
        await load({ ...target.spec, url: target.url, connections, durationSeconds: 2 });
        const result = await load({ ...target.spec, url: target.url, connections, durationSeconds: seconds });
        assertClean(target.label, result);
        const key = `${target.label}|${connections}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `round ${round + 1}: ${target.label}, ${connections} connections: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms`,
        );
      }
    }
  }
} finally {
  await app.stop();
  await bare.stop();
  await bareFastify.stop();
  await database.drop();
}
const loadAfter = os.loadavg();

const rows = targets.flatMap((target) =>
  target.connections.map((connections) => {
    const runs = results.get(`${target.label}|${connections}`) ?? [];
    const p99s = runs.map((r) => r.latencyMs.p99);
    return [
      target.label,
      String(connections),
      Math.round(median(runs.map((r) => r.requestsPerSecond))).toLocaleString('en-US'),
      `${median(runs.map((r) => r.latencyMs.p50))} ms`,
      `${median(p99s)} ms (${p99s.join(', ')})`,
    ];
  }),
);
const markdown = [
  '## The floor under the latency goals (`npm run bench:floor`)',
  '',
  `Measured ${today()} with \`npm run bench:floor\` on ${machineLine([`PostgreSQL ${pgVersion}`])}. ` +
    `${rounds} rounds, targets alternating, ${seconds} s per measurement after 2 s of warm-up; autocannon on the same cores. ` +
    `Load average (1 min) ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after, on ${os.cpus().length} cores.`,
  '',
  table(['target', 'connections', 'req/s (median)', 'p50 (median)', 'p99: median (rounds)'], rows),
].join('\n');
console.log(`\n${markdown}`);
writeSection('floor', markdown);

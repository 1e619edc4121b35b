/**
 * Server CPU time per request, A/B between two builds of the server, for when the machine is too
 * busy for throughput to mean anything (other work on the same cores moves req/s by 2–5× between
 * runs; the CPU a request costs the server moves far less).
 *
 *   npm run bench:cpu -w @torque/bench -- <a/server/dist/main.mjs> <b/server/dist/main.mjs>
 *
 * Each bundle runs as its own production server on its own scratch PostgreSQL database
 * (BENCH_PG_URL), both at once; the routes below are then asked of A and B in turn, round after
 * round, and each measurement is the server process's user + system CPU (from /proc) over
 * BENCH_CPU_REQUESTS requests from BENCH_CPU_CONNECTIONS concurrent clients in this process.
 * Prints the median of the rounds per route and side, and B / A.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, startServer, type ScratchDatabase, type ServerProcess } from '@torque/testkit';

const entries = process.argv.slice(2);
if (entries.length !== 2) throw new Error('usage: bench-cpu.ts <a main.mjs> <b main.mjs>');
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 10_000);
const connections = Number(process.env.BENCH_CPU_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
/** BENCH_CPU_ROUTES: only the routes whose name contains one of these (comma-separated). */
const only = process.env.BENCH_CPU_ROUTES?.split(',').filter(Boolean);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Route {
  name: string;
  /** The i-th request's path (a distinct one per request defeats the server's caches). */
  path: (i: number, ids: string[]) => string;
  headers?: Record<string, string>;
  /** The status every answer must have. */
  status: number;
}

const browser = { 'accept-encoding': 'gzip, deflate, br' };
const allRoutes: Route[] = [
  { name: 'GET /api/parts (br)', path: () => '/api/parts', headers: browser, status: 200 },
  { name: 'GET /api/parts, If-None-Match → 304', path: () => '/api/parts', status: 304 },
  { name: 'GET /api/parts/:id', path: (i, ids) => `/api/parts/${ids[i % ids.length]}`, status: 200 },
  { name: 'GET /api/parts?limit=20&q=brake (cached page)', path: () => '/api/parts?limit=20&q=brake', status: 200 },
  { name: 'GET /api/vehicles/makes', path: () => '/api/vehicles/makes', headers: browser, status: 200 },
  {
    name: 'GET /api/vehicles/engines (cached list)',
    path: () => '/api/vehicles/engines?make=Volkswagen&model=Golf&year=2015',
    status: 200,
  },
  {
    name: 'GET /api/parts?limit=20&make=…&model=…&year=… (cached page)',
    path: () => '/api/parts?limit=20&make=Volkswagen&model=Golf&year=2015',
    status: 200,
  },
  {
    name: 'GET /api/parts?limit=20&q=… (uncached search)',
    path: (i) => `/api/parts?limit=20&q=${encodeURIComponent(`brake pad ${10 + i}`)}`,
    status: 200,
  },
];

const routes = only ? allRoutes.filter((r) => only.some((o) => r.name.includes(o))) : allRoutes;

function cpuTicks(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function measure(server: ServerProcess, route: Route, ids: string[], etag: string): Promise<number> {
  let next = 0;
  const headers = { ...route.headers, ...(route.status === 304 ? { 'if-none-match': etag } : {}) };
  const client = async () => {
    while (next < requests) {
      const i = next++;
      const res = await fetch(server.url + route.path(i, ids), { headers });
      await res.arrayBuffer();
      if (res.status !== route.status) throw new Error(`${route.name}: ${res.status}, expected ${route.status}`);
    }
  };
  const before = cpuTicks(server.process.pid!);
  await Promise.all(Array.from({ length: connections }, client));
  return ((cpuTicks(server.process.pid!) - before) / TICKS_PER_SECOND / requests) * 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const databases: ScratchDatabase[] = [];
const servers: ServerProcess[] = [];
try {
  for (const [i, entry] of entries.entries()) {
    const db = await createScratchDatabase(pgUrl, { label: `cpu_${i}` });
    databases.push(db);
    servers.push(
      await startServer({
        baseEnv: 'inherit',
        script: path.resolve(entry),
        env: (url) => ({
          NODE_ENV: 'production',
          PUBLIC_URL: url,
          DATABASE_URL: db.url,
          DATA_DIR: path.join(os.tmpdir(), `torque-cpu-${randomBytes(4).toString('hex')}`),
          AUTH_SECRET: randomBytes(32).toString('base64url'),
          ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
          RATE_LIMIT_SCALE: '100000',
          LOG_LEVEL: 'warn',
        }),
        readyPath: '/api/parts',
      }),
    );
  }
  // Each side's own part ids (distinct databases) and its catalogue's ETag.
  const sides = await Promise.all(
    servers.map(async (s) => {
      const res = await fetch(s.url + '/api/parts');
      const ids = ((await res.json()) as { _id: string }[]).map((p) => p._id);
      return { ids, etag: res.headers.get('etag')! };
    }),
  );
  const samples = routes.map(() => [[], []] as number[][]);
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} at the start`);
  for (let round = 0; round <= rounds; round++) {
    for (const [r, route] of routes.entries()) {
      for (const [s, server] of servers.entries()) {
        const us = await measure(server, route, sides[s]!.ids, sides[s]!.etag);
        if (round > 0) samples[r]![s]!.push(us); // round 0 warms up
      }
    }
    if (round > 0) console.log(`round ${round} done, load average ${os.loadavg()[0]!.toFixed(1)}`);
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(`\n| route | A µs CPU/request (range) | B µs CPU/request (range) | B / A |\n| --- | --- | --- | --- |`);
  for (const [r, route] of routes.entries()) {
    const [as, bs] = samples[r]! as [number[], number[]];
    const [a, b] = [median(as), median(bs)];
    console.log(
      `| ${route.name} | ${a.toFixed(0)} (${spread(as)}) | ${b.toFixed(0)} (${spread(bs)}) | ${(b / a).toFixed(2)} |`,
    );
  }
  console.log(
    `\n${rounds} rounds of ${requests} requests each (median), ${connections} connections; A = ${entries[0]}, B = ${entries[1]}`,
  );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(databases.map((d) => d.drop()));
}

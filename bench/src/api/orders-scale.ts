/**
 * The admin's orders at 100,000 orders on PostgreSQL (issue 18): the first page of
 * `GET /api/orders?limit=50`, a status filter, an e-mail search and a page deep by cursor
 * (median and p99 of sequential requests), and `GET /api/orders/export.csv` of all 100,000 with
 * the server's RSS sampled every 50 ms while it streams. Run alone: `npm run bench -- orders-scale`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { machineLine, table, today } from '../lib/doc.ts';
import { createScratchDatabase, signUp } from '@torque/testkit';
import { adminUrl } from '../lib/postgres.ts';
import { memoryOf } from '../lib/processes.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import type { Settings } from './settings.ts';

const run = promisify(execFile);
const psql = async (url: string, sql: string) =>
  (await run('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], { maxBuffer: 1 << 24 })).stdout.trim();

/** BENCH_ORDERS overrides the count, e.g. to check that the export's memory does not grow with it. */
export const SCALE_ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = 40;

/** 100,000 orders of 1,000 customers in one set-based statement; a third paid, a ninth shipped. */
const GENERATE = `
insert into orders (part_id, user_id, email, phone, address, quantity, unit_price_cents, total_cents, name, img,
  description, payment_id, paid_at, shipped_at, created_at, updated_at)
select p.id, 'bench-user-' || (g % 1000), 'customer' || (g % 1000) || '@bench.test', '+1 555 0100',
  g || ' Bench Road, "Unit ' || (g % 7) || '", Springfield', 1 + g % 9, p.price_cents, p.price_cents * (1 + g % 9),
  p.name, p.img, p.description,
  case when g % 3 = 0 then 'pi_bench_' || g end,
  case when g % 3 = 0 then now() - (g * interval '1 second') end,
  case when g % 9 = 0 then now() - (g * interval '1 second') end,
  now() - (g * interval '1 second'), now()
from generate_series(1, ${SCALE_ORDERS}) g
cross join lateral (select id, price_cents, name, img, description from parts order by created_at offset (g % 10) limit 1) p`;

interface Timed {
  label: string;
  path: string;
  medianMs: number;
  p99Ms: number;
  bytes: number;
}

export interface OrdersScaleReport {
  generateSeconds: number;
  routes: Timed[];
  export: { seconds: number; bytes: number; rows: number; rssBeforeMb: number; rssMaxMb: number };
}

async function timed(label: string, base: string, path: string, token: string): Promise<Timed> {
  process.stdout.write(`  ${label}\n`);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`GET ${path} → ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    path,
    medianMs: times[Math.floor(times.length / 2)]!,
    p99Ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!,
    bytes,
  };
}

export async function runOrdersScale(settings: Settings): Promise<OrdersScaleReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_orders' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-orders-'));
  let server: RunningServer | undefined;
  try {
    console.log(`\norders at ${SCALE_ORDERS.toLocaleString('en')} (PostgreSQL)`);
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
    });
    const base = server.url;
    const admin = await signUp(base, ADMIN_EMAIL, { headers: { origin: base } });
    process.stdout.write(`  generating ${SCALE_ORDERS.toLocaleString('en')} orders\n`);
    const t0 = performance.now();
    await psql(database.url, GENERATE);
    await psql(database.url, 'analyze orders');
    const generateSeconds = (performance.now() - t0) / 1000;

    // Page 200 by following Link, as a client does.
    let deep = '/api/orders?limit=50';
    for (let page = 1; page < 200; page++) {
      const res = await fetch(`${base}${deep}`, { headers: { authorization: `Bearer ${admin.token}` } });
      await res.arrayBuffer();
      deep = /^<([^>]+)>/.exec(res.headers.get('link') ?? '')![1]!;
    }
    const routes = [
      await timed('first page', base, '/api/orders?limit=50', admin.token),
      await timed('page 200 (by cursor)', base, deep, admin.token),
      await timed('status=shipped', base, '/api/orders?limit=50&status=shipped', admin.token),
      await timed('search q=customer42@', base, '/api/orders?limit=50&q=customer42%40', admin.token),
      await timed('search by part name, q=brake', base, '/api/orders?limit=50&q=brake', admin.token),
    ];

    process.stdout.write('  export.csv of every order\n');
    const pid = server.process.pid!;
    const rssBeforeMb = memoryOf(pid).currentMb;
    let rssMaxMb = rssBeforeMb;
    const timer = setInterval(() => {
      rssMaxMb = Math.max(rssMaxMb, memoryOf(pid).currentMb);
    }, 50);
    const e0 = performance.now();
    let bytes = 0;
    let rows = 0;
    try {
      const res = await fetch(`${base}/api/orders/export.csv`, {
        headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' },
      });
      if (!res.ok || !res.body) throw new Error(`export → ${res.status}`);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const b of chunk) if (b === 10) rows++;
      }
    } finally {
      clearInterval(timer);
    }
    const seconds = (performance.now() - e0) / 1000;
    return { generateSeconds, routes, export: { seconds, bytes, rows, rssBeforeMb, rssMaxMb } };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

export function ordersScaleMarkdown(report: OrdersScaleReport, pgVersion: string | null): string {
  const e = report.export;
  return [
    `### Orders at ${SCALE_ORDERS.toLocaleString('en')} (admin list and CSV export)`,
    '',
    `Measured ${today()} with \`npm run bench -- orders-scale\` on PostgreSQL ${pgVersion ?? '?'}; ${machineLine()}. ` +
      `${SCALE_ORDERS.toLocaleString('en')} orders generated set-based in ${report.generateSeconds.toFixed(1)} s. ` +
      `${REQUESTS} sequential requests per row (after 5 unmeasured), as the production bundle answers them.`,
    '',
    table(
      ['request', 'median ms', 'p99 ms', 'bytes'],
      report.routes.map((r) => [r.label, r.medianMs.toFixed(1), r.p99Ms.toFixed(1), r.bytes.toLocaleString('en')]),
    ),
    '',
    `\`GET /api/orders/export.csv\` of all ${SCALE_ORDERS.toLocaleString('en')} orders: ${e.seconds.toFixed(1)} s, ` +
      `${(e.bytes / 1024 / 1024).toFixed(1)} MiB, ${e.rows.toLocaleString('en')} lines (the header, and addresses ` +
      `have no line breaks here); server RSS ${e.rssBeforeMb.toFixed(0)} MB before, at most ${e.rssMaxMb.toFixed(0)} MB ` +
      'while streaming (sampled every 50 ms): batches of 1,000 rows by keyset, pulled only as fast as the client reads.',
  ].join('\n');
}

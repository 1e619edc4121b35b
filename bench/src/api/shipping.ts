/**
 * Shipping options (issue 28) on PostgreSQL: `GET /api/shipping/options?addressId=` for a
 * 200-line cart (the cart's cap) against the seeded methods plus 7 more (10 active), goal
 * p99 < 30 ms. The options read the cart, the 200 parts' weights and prices and the active
 * methods, and price every method in Node. Run alone: `npm run bench -- shipping`.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchDatabase, signUp } from '@torque/testkit';
import { machineLine, table, today, verdict } from '../lib/doc.ts';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import { psql } from './scale-kit.ts';
import type { Settings } from './settings.ts';

const LINES = 200;
const REQUESTS = 2000;
/** Requests in flight: one buyer at a time (what a checkout page does), and four at once. */
const CONNECTIONS = [1, 4];
const ADDRESS = { name: 'Bench Buyer', line1: '1 Gear St', postalCode: '62704', city: 'Springfield', country: 'US' };

export interface ShippingCase {
  connections: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  pass: boolean;
}

export interface ShippingReport {
  postgresVersion: string | null;
  requests: number;
  methods: number;
  options: number;
  cases: ShippingCase[];
  loadAverage: { before: number[]; after: number[] };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** `total` GETs of `url`, `connections` in flight; each one's latency. */
async function load(url: string, token: string, total: number, connections: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < total; i = next++) {
        const start = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.text();
        latencies.push(performance.now() - start);
        if (res.status !== 200) failures++;
      }
    }),
  );
  return { latencies, failures };
}

export async function runShippingBench(settings: Settings, postgresVersion: string | null): Promise<ShippingReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_shipping' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-shipping-'));
  let server: RunningServer | undefined;
  const before = os.loadavg();
  try {
    console.log('\nshipping options (PostgreSQL)');
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
    });
    const base = server.url;
    const origin = { headers: { origin: base } };
    await signUp(base, ADMIN_EMAIL, origin);
    const buyer = await signUp(base, 'bench-shipping@torque.bench', origin);
    await psql(
      database.url,
      `insert into parts (name, description, img, minimum_order, available, price_cents, weight_grams, weight_defaulted, hazardous)
       select 'Bench part ' || n, 'A part to weigh.', '/images/parts/x.svg', 1, 1000, 100 + n, 50 + n, false, n % 50 = 0
       from generate_series(1, ${LINES}) as n;
       insert into cart_lines (user_id, part_id, quantity)
       select '${buyer.id}', id, 1 from parts where name like 'Bench part %' order by name;
       insert into shipping_methods (name, carrier, countries, rates, free_over_cents, carries_hazardous, estimate_min_days, estimate_max_days)
       select 'Bench method ' || n, 'Bench', array['US', 'CA', 'DE'],
         '[{"upToGrams": 5000, "priceCents": 500}, {"upToGrams": 50000, "priceCents": 1500}]'::jsonb,
         case when n % 2 = 0 then 100000 end, n % 3 = 0, 1, 5
       from generate_series(1, 7) as n;`,
    );
    const address = await fetch(`${base}/api/addresses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ADDRESS),
    });
    if (address.status !== 201) throw new Error(`POST /api/addresses → ${address.status} ${await address.text()}`);
    const { _id: addressId } = (await address.json()) as { _id: string };
    const url = `${base}/api/shipping/options?addressId=${addressId}`;
    const sample = (await (await fetch(url, { headers: { authorization: `Bearer ${buyer.token}` } })).json()) as {
      options: unknown[];
      refused: unknown[];
    };
    // Unmeasured: the JIT, the prepared statements and the pool warm up.
    await load(url, buyer.token, 300, 4);
    const cases: ShippingCase[] = [];
    for (const connections of CONNECTIONS) {
      const { latencies, failures } = await load(url, buyer.token, REQUESTS, connections);
      const sorted = [...latencies].sort((a, b) => a - b);
      const c: ShippingCase = {
        connections,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
        failures,
        pass: false,
      };
      c.pass = failures === 0 && c.p99 < 30;
      cases.push(c);
      console.log(
        `  ${connections} in flight: p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, max ${c.max.toFixed(1)} ms, ${failures} failures`,
      );
    }
    const report: ShippingReport = {
      postgresVersion,
      requests: REQUESTS,
      methods: sample.options.length + sample.refused.length,
      options: sample.options.length,
      cases,
      loadAverage: { before, after: os.loadavg() },
    };
    return report;
  } finally {
    await server?.stop();
    await database.drop();
  }
}

const fixed = (n: number[]) => n.map((x) => x.toFixed(2)).join(' / ');

export function shippingMarkdown(report: ShippingReport): string {
  return [
    '## Shipping options (issue 28)',
    '',
    `Measured ${today()} with \`npm run bench -- shipping\` on PostgreSQL ${report.postgresVersion ?? '?'}, the ` +
      `production bundle; ${machineLine()}.`,
    `Load average (1 / 5 / 15 min) before: ${fixed(report.loadAverage.before)}, after: ${fixed(report.loadAverage.after)} ` +
      '(the machine is shared: other work ran beside the benchmark).',
    '',
    `One buyer's cart of ${LINES} lines (the cart's cap; 4 hazardous parts), ${report.methods} active methods ` +
      `(the 3 seeded and 7 more; ${report.options} can carry the cart). ${report.requests} requests per row, ` +
      'after 300 unmeasured ones; the server answers from three reads made at once (the address, the cart ' +
      'with its parts, the active methods).',
    '',
    table(
      ['request', 'in flight', 'p50', 'p99', 'max', 'failures', 'goal'],
      report.cases.map((c) => [
        `GET /api/shipping/options, ${LINES}-line cart`,
        String(c.connections),
        `${c.p50.toFixed(1)} ms`,
        `${c.p99.toFixed(1)} ms`,
        `${c.max.toFixed(1)} ms`,
        String(c.failures),
        `p99 < 30 ms: ${verdict(c.pass)}`,
      ]),
    ),
  ].join('\n');
}

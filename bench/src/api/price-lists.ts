/**
 * Price lists (issue 30, PRODUCT.md §25) on PostgreSQL: `GET /api/parts?limit=24` for a signed-in
 * buyer whose company has a price list, with 100,000 parts and 1,000 companies' price lists (each
 * a percentage off and 50 fixed prices with tiers), at 50 connections, goal p99 < 30 ms; the
 * anonymous catalogue's same page in the same run beside it. The buyer's answer is the shared
 * page, their lists from the price-lists service's per-account memory (`shownTermsFor`: one query
 * at most every 2 s) and the 24 parts priced by the one pricing function in Node, serialised once
 * per (page, lists' versions) and kept. Run alone:
 * `npm run bench -- price-lists`.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, signUp } from '@torque/testkit';
import { machineLine, table, today, verdict } from '../lib/doc.ts';
import { load } from '../lib/load.ts';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer, type RunningServer } from '../lib/servers.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import { psql } from './scale-kit.ts';
import type { Settings } from './settings.ts';

const PARTS = 100_000;
const COMPANIES = 1_000;
const FIXED_PER_LIST = 50;
const CONNECTIONS = 50;

export interface PriceListsCase {
  who: 'anonymous' | 'company buyer';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  pass: boolean;
}

export interface PriceListsReport {
  postgresVersion: string | null;
  cases: PriceListsCase[];
  loadAverage: { before: number[]; after: number[] };
}

export async function runPriceListsBench(
  settings: Settings,
  postgresVersion: string | null,
): Promise<PriceListsReport> {
  const database = await createScratchDatabase(adminUrl, { label: 'bench_price_lists' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-price-lists-'));
  let server: RunningServer | undefined;
  const before = os.loadavg();
  try {
    console.log('\nprice lists (PostgreSQL)');
    server = await startAppServer({
      env: serverEnv(settings, path.join(workDir, 'data'), database.url),
      logFile: path.join(workDir, 'server.log'),
    });
    const base = server.url;
    const origin = { headers: { origin: base } };
    await signUp(base, ADMIN_EMAIL, origin);
    const buyer = await signUp(base, 'bench-price-lists@torque.bench', origin);
    // 100,000 parts, 1,000 companies with a list each (n % 20 + 1 percent off, 50 fixed prices with
    // two tiers on parts spread over the catalogue); the buyer's company's list also fixes the
    // prices of the first 50 parts, the page asked for.
    await psql(
      database.url,
      `insert into parts (name, description, img, minimum_order, available, price_cents, price_breaks, weight_grams, weight_defaulted, hazardous)
       select 'Bench part ' || n, 'A part to price.', '/images/parts/x.svg', 1, 1000, 1000 + n % 500,
         '[{"minQuantity": 100, "priceCents": 900}, {"minQuantity": 500, "priceCents": 800}]'::jsonb, 100, false, false
       from generate_series(1, ${PARTS}) as n;
       insert into companies (name) select 'Bench company ' || n from generate_series(1, ${COMPANIES}) as n;
       insert into price_lists (name, percent_off)
       select 'Bench list ' || n, (n % 20 + 1)::numeric from generate_series(1, ${COMPANIES}) as n;
       insert into price_list_companies (price_list_id, company_id)
       select l.id, c.id from
         (select id, row_number() over (order by name) as n from price_lists) as l
         join (select id, row_number() over (order by name) as n from companies) as c using (n);
       insert into price_list_prices (price_list_id, part_id, price_cents, price_breaks)
       select l.id, p.id, 950, '[{"minQuantity": 50, "priceCents": 850}]'::jsonb
       from (select id, row_number() over (order by id) as n from price_lists) as l
       join lateral (
         select id from parts tablesample system (1) limit ${FIXED_PER_LIST}
       ) as p on true
       on conflict do nothing;
       insert into company_members (company_id, user_id, role)
       select id, '${buyer.id}', 'buyer' from companies where name = 'Bench company 1';
       insert into price_list_prices (price_list_id, part_id, price_cents, price_breaks)
       select pl.id, p.id, 700, '[{"minQuantity": 10, "priceCents": 650}]'::jsonb
       from price_lists as pl join price_list_companies as plc on plc.price_list_id = pl.id
       join companies as c on c.id = plc.company_id and c.name = 'Bench company 1',
         (select id from parts order by created_at, id limit 50) as p
       on conflict do nothing;
       analyze;`,
    );
    const url = `${base}/api/parts?limit=24`;
    const cases: PriceListsCase[] = [];
    for (const who of ['anonymous', 'company buyer'] as const) {
      const headers: Record<string, string> = who === 'anonymous' ? {} : { authorization: `Bearer ${buyer.token}` };
      // Every answer must be these very bytes: the visitor's shared page, or the buyer's priced one.
      const expectBody = await (await fetch(url, { headers })).text();
      if ((who === 'anonymous') !== !expectBody.includes('"yourPrice"'))
        throw new Error(`${who}: the answer ${who === 'anonymous' ? 'carries' : 'lacks'} yourPrice`);
      // Unmeasured: the JIT, the prepared statements, the catalogue's cache and the pool warm up.
      await load({ url, connections: CONNECTIONS, durationSeconds: settings.warmupSeconds, headers, expectBody });
      const result = await load({
        url,
        connections: CONNECTIONS,
        durationSeconds: settings.durationSeconds,
        headers,
        expectBody,
      });
      const failures = result.non2xx + result.errors + result.timeouts + result.mismatches;
      const c: PriceListsCase = {
        who,
        requestsPerSecond: result.requestsPerSecond,
        p50: result.latencyMs.p50,
        p99: result.latencyMs.p99,
        max: result.latencyMs.max,
        failures,
        pass: failures === 0 && result.latencyMs.p99 < 30,
      };
      cases.push(c);
      console.log(
        `  ${who}: ${Math.round(c.requestsPerSecond)} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms, max ${c.max} ms, ${failures} failures`,
      );
    }
    return { postgresVersion, cases, loadAverage: { before, after: os.loadavg() } };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

const fixed = (n: number[]) => n.map((x) => x.toFixed(2)).join(' / ');

export function priceListsMarkdown(report: PriceListsReport): string {
  return [
    '## Price lists (issue 30)',
    '',
    `Measured ${today()} with \`npm run bench -- price-lists\` on PostgreSQL ${report.postgresVersion ?? '?'}, the ` +
      `production bundle; ${machineLine()}.`,
    `Load average (1 / 5 / 15 min) before: ${fixed(report.loadAverage.before)}, after: ${fixed(report.loadAverage.after)} ` +
      '(the machine is shared: other work ran beside the benchmark).',
    '',
    `${PARTS.toLocaleString('en-US')} parts; ${COMPANIES.toLocaleString('en-US')} companies, each with a price list ` +
      `(a percentage off and ${FIXED_PER_LIST} fixed prices with a tier); the buyer's company's list also fixes the ` +
      `first page's parts. autocannon from its own process, ${CONNECTIONS} connections, a warm-up then the measured ` +
      'seconds per row; every answer compared with the expected bytes. ' +
      "The visitor's page is the shared cached answer; the buyer's is that page, their lists from the per-account " +
      'memory (read with one query at most every 2 s) and the 24 parts priced in Node by the one pricing function, ' +
      "serialised once per (page, lists' versions) and kept (`buyer-answers.ts`).",
    '',
    table(
      ['request', 'caller', 'connections', 'req/s', 'p50', 'p99', 'max', 'failures', 'goal'],
      report.cases.map((c) => [
        'GET /api/parts?limit=24',
        c.who,
        String(CONNECTIONS),
        Math.round(c.requestsPerSecond).toLocaleString('en-US'),
        `${c.p50} ms`,
        `${c.p99} ms`,
        `${c.max} ms`,
        String(c.failures),
        `p99 < 30 ms: ${verdict(c.pass)}`,
      ]),
    ),
  ].join('\n');
}

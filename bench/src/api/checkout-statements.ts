/**
 * Where one checkout's database time goes, statement by statement:
 * `BENCH_CHECKOUT_LINES=3 node bench/src/api/checkout-statements.ts` starts the production server
 * on a scratch database that logs every statement's duration (`log_min_duration_statement = 0`
 * for that database only, PostgreSQL's own log), checks out one buyer at a time (no lock waits),
 * and prints, per statement and protocol phase (parse, bind, execute), the milliseconds per
 * checkout and the median. Needs the log readable (BENCH_PG_LOG, default Debian's
 * /var/log/postgresql/postgresql-15-main.log); BENCH_KEEP_DATABASE=1 keeps the database for
 * EXPLAIN (ANALYZE, BUFFERS) by hand.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addPart, createScratchDatabase, signUp } from '@torque/testkit';
import { adminUrl } from '../lib/postgres.ts';
import { startAppServer } from '../lib/servers.ts';
import { ADMIN_EMAIL, serverEnv } from './run-database.ts';
import { psql } from './scale-kit.ts';
import { readSettings } from './settings.ts';

const lines = Number(process.env.BENCH_CHECKOUT_LINES ?? 3);
const checkouts = 60;
const logFile = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const database = await createScratchDatabase(adminUrl, { label: 'bench_checkout_log' });
const dbName = new URL(database.url).pathname.slice(1);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-checkout-log-'));
const server = await startAppServer({
  env: serverEnv({ ...readSettings(), logLevel: 'warn' }, path.join(workDir, 'data'), database.url),
  logFile: path.join(workDir, 'server.log'),
});
try {
  const base = server.url;
  const origin = { headers: { origin: base } };
  const admin = await signUp(base, ADMIN_EMAIL, origin);
  const buyer = await signUp(base, 'log-buyer@torque.bench', origin);
  const parts = [];
  for (let i = 0; i < lines; i++)
    parts.push((await addPart(base, admin, { available: 1_000_000, price: 4.99 + i }))._id);
  const fill = `insert into cart_lines (user_id, part_id, quantity) select '${buyer.id}', p, 1 from unnest(array['${parts.join("','")}']::uuid[]) as p`;
  const checkout = () =>
    fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+1 555 0100', address: '1 Main St, Springfield' }),
    }).then(async (r) => {
      await r.text();
      if (r.status !== 201) throw new Error(`checkout → ${r.status}`);
    });
  for (let i = 0; i < 20; i++) {
    await psql(database.url, fill);
    await checkout();
  }
  // A backend reads the database's settings when it starts: end the pool's connections, so that
  // the ones it opens next log every statement (the first checkout after may fail on a dead one).
  await psql(adminUrl, `alter database "${dbName}" set log_min_duration_statement = 0`);
  await psql(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}'`);
  await new Promise((r) => setTimeout(r, 500));
  await psql(database.url, fill);
  await checkout().catch(() => undefined); // the pool notices its dead connections
  await psql(database.url, fill);
  await checkout().catch(() => undefined);
  const start = statSync(logFile).size;
  for (let i = 0; i < checkouts; i++) {
    await psql(database.url, fill);
    await checkout();
  }
  await new Promise((r) => setTimeout(r, 1000));
  const text = readFileSync(logFile, 'utf8').slice(start);
  const byStatement = new Map<string, number[]>();
  const re = /duration: ([\d.]+) ms\s+(?:(bind|parse|execute) ([^:]*):\s*)?(?:statement: )?([^\n]*)/g;
  for (const m of text.matchAll(re)) {
    const [, ms, phase, name, sql] = m;
    if (sql!.includes('cart_lines (user_id, part_id, quantity) select')) continue;
    if (sql!.includes('pg_stat_activity')) continue;
    const key = `${phase ?? 'simple'} ${name || sql!.slice(0, 70)}`;
    byStatement.set(key, [...(byStatement.get(key) ?? []), Number(ms)]);
  }
  const rows = [...byStatement].map(([k, v]) => {
    const sorted = [...v].sort((a, b) => a - b);
    return {
      k,
      perCheckout: v.length / checkouts,
      median: sorted[Math.floor(sorted.length / 2)]!,
      total: v.reduce((a, b) => a + b, 0) / checkouts,
    };
  });
  rows.sort((a, b) => b.total - a.total);
  console.log(`${lines}-line checkouts, one at a time: ms per checkout by statement (PostgreSQL's log)`);
  for (const r of rows)
    console.log(
      `${r.total.toFixed(3).padStart(8)} ms  ×${r.perCheckout.toFixed(2)}  median ${r.median.toFixed(3)}  ${r.k}`,
    );
  console.log(`total ${rows.reduce((a, r) => a + r.total, 0).toFixed(2)} ms per checkout`);
} finally {
  await server.stop();
  // BENCH_KEEP_DATABASE=1 keeps it for EXPLAIN (ANALYZE) by hand.
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept ${database.url}`);
  else await database.drop();
}

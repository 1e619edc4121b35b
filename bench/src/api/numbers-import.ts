/**
 * The cross-reference import alone (issue 26: 1,000,000 lines under 30 s), before and after in one
 * run: the catalogue of `npm run bench -- numbers` (100,000 parts, 1,000,000 references) generated
 * once and copied, one server per copy (this checkout's bundle, and BENCH_IMPORT_BEFORE's bundle
 * when given), then rounds that alternate between them: the import of 1,000,000 new lines
 * (applied), the same file again (an idempotent re-import), and its dry run, each timed through
 * HTTP with the machine's load average. The lines are removed again before each round.
 *
 *   BENCH_IMPORT_BEFORE=<a checkout>/server/dist/main.mjs npx node bench/src/api/numbers-import.ts
 *
 * BENCH_IMPORT_ROUNDS (default 3) sets the rounds; BENCH_PG_URL the PostgreSQL server.
 * BENCH_IMPORT_KEEP=1 keeps the generated catalogue's database (its name is printed) for
 * BENCH_IMPORT_FROM, so a later run, or a hand-timed statement, need not generate it again.
 * BENCH_IMPORT_RUNS picks the imports of a round (default `applied,again,dry`: the applied import,
 * the re-import, the dry run). BENCH_IMPORT_PROFILE=1 runs the "after" side from its TypeScript
 * sources under `node --cpu-prof`, one server per round, and prints where its time went
 * (lib/cpu-profile.ts), e.g. with BENCH_IMPORT_RUNS=applied.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { createScratchDatabase, exchangeToken, signUp } from '@torque/testkit';
import { summariseProfile } from '../lib/cpu-profile.ts';
import { consoleTable } from '../lib/doc.ts';
import { adminUrl } from '../lib/postgres.ts';
import { cpuOf, generateNumbersCatalogue, importCsv, timeImport } from './part-numbers-scale.ts';
import { startNumbersServer } from './numbers-server.ts';
import { ADMIN_EMAIL } from './run-database.ts';
import { psql } from './scale-kit.ts';

interface Side {
  label: string;
  bundle: string | undefined;
  databaseUrl: string;
  server?: { url: string; stop(): Promise<void>; process: { pid?: number | undefined } };
  cookie?: string;
}

/** Removes the import's lines, so the next applied import inserts them all again. */
async function reset(url: string): Promise<void> {
  await psql(url, `delete from part_cross_references where number_normal like 'IM%'`);
  await psql(url, 'vacuum analyze part_cross_references');
  await psql(url, 'vacuum analyze parts');
  await psql(url, 'checkpoint');
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
  const before = process.env.BENCH_IMPORT_BEFORE;
  const runs = (process.env.BENCH_IMPORT_RUNS ?? 'applied,again,dry').split(',').map((r) => r.trim());
  const unknown = runs.filter((r) => !RUNS.has(r));
  if (unknown.length > 0) throw new Error(`BENCH_IMPORT_RUNS: unknown ${unknown.join(', ')} (applied, again, dry)`);
  const profiling = process.env.BENCH_IMPORT_PROFILE === '1';
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-import-'));
  // BENCH_IMPORT_FROM names a database this script generated before (kept, e.g. by hand): copied
  // instead of generating again.
  const reused = process.env.BENCH_IMPORT_FROM;
  const template = reused ? undefined : await createScratchDatabase(adminUrl, { label: 'bench_import' });
  const keep = process.env.BENCH_IMPORT_KEEP === '1';
  const copies: { drop(): Promise<void> }[] = template && !keep ? [template] : [];
  const sides: Side[] = [];
  try {
    if (template) {
      // The schema as the "before" bundle migrates it (the after side adds its own migrations).
      const first = await start(before, template.url, workDir, 'schema');
      await first.stop();
      process.stdout.write('generating 100,000 parts and 1,000,000 cross-references\n');
      const t0 = performance.now();
      await generateNumbersCatalogue(template.url);
      process.stdout.write(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const name = reused ?? new URL(template!.url).pathname.slice(1);
    if (keep) process.stdout.write(`catalogue kept in database ${name} (BENCH_IMPORT_FROM=${name})\n`);
    for (const [label, bundle] of [...(before ? ([['before', before]] as const) : []), ['after', undefined] as const]) {
      const copy = await createScratchDatabase(adminUrl, { label: `bench_import_${label}`, template: name });
      copies.push(copy);
      sides.push({ label, bundle, databaseUrl: copy.url });
    }
    for (const side of sides) {
      side.server = await start(side.bundle, side.databaseUrl, workDir, side.label);
      side.cookie = (await signUp(side.server.url, ADMIN_EMAIL, { headers: { origin: side.server.url } })).cookie;
    }
    const csv = await importCsv(sides[0]!.databaseUrl);
    const results: string[][] = [];
    for (let round = 1; round <= rounds; round++)
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        const profileDir = profiling && side.label === 'after' ? path.join(workDir, `profile-${round}`) : undefined;
        if (profileDir) {
          await side.server!.stop();
          side.server = await start(side.bundle, side.databaseUrl, workDir, side.label, profileDir);
        }
        await reset(side.databaseUrl);
        const load = os.loadavg()[0]!.toFixed(1);
        const base = side.server!.url;
        const row = [String(round), side.label, load];
        const cpu = cpuOf(side.server!.process.pid!, side.databaseUrl);
        for (const run of ['applied', 'again', 'dry']) {
          if (!runs.includes(run)) {
            row.push('-');
            continue;
          }
          if (run === 'again' && !runs.includes('applied'))
            await timeImport(base, await tokenOf(side), csv, false).catch(() => undefined);
          const dryRun = run === 'dry';
          // CPU of the server and of the database's backends during the import (a loaded machine
          // stretches the wall clock far more than the work): seconds, server + database.
          const token = await tokenOf(side);
          const c0 = await cpu();
          const seconds = await timeImport(base, token, csv, dryRun).then((r) => r.seconds.toFixed(1), failed);
          const c1 = await cpu();
          const s = (ms: number) => (ms / 1000).toFixed(1);
          row.push(`${seconds} (CPU ${s(c1.serverMs - c0.serverMs)} + ${s(c1.databaseMs - c0.databaseMs)} s)`);
        }
        row.push(os.loadavg()[0]!.toFixed(1));
        results.push(row);
        process.stdout.write(`${row.join(' · ')}\n`);
        if (profileDir) {
          // The profile is written when the server exits.
          await side.server!.stop();
          side.server = undefined;
          printProfile(profileDir);
          side.server = await start(side.bundle, side.databaseUrl, workDir, side.label);
        }
      }
    console.log(
      `\n${consoleTable(['round', 'side', 'load before', 'applied s', 're-import s', 'dry run s', 'load after'], results)}`,
    );
  } finally {
    for (const side of sides) await side.server?.stop();
    for (const copy of copies.reverse()) await copy.drop().catch((e: unknown) => console.error(String(e)));
  }
}

const AUTH_SECRET = randomBytes(32).toString('base64url');

/** What `BENCH_IMPORT_RUNS` may name. */
const RUNS = new Set(['applied', 'again', 'dry']);

/** Self time by package and by function of the one profile in `dir`. */
function printProfile(dir: string): void {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
  const summary = summariseProfile(path.join(dir, file), 0, 40);
  console.log(`\nprofile ${path.join(dir, file)} (${Math.round(summary.totalMs)} ms of samples)`);
  for (const [name, pct] of summary.byPackage) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
  for (const [name, pct] of summary.byFunction) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
}

/** A fresh access token for each import: they last 15 minutes, a slow round longer. */
async function tokenOf(side: Side): Promise<string> {
  const base = side.server!.url;
  return (await exchangeToken(base, ADMIN_EMAIL, { cookie: side.cookie!, headers: { origin: base } })).token;
}

/** A failed import (a timeout on a loaded machine) is a cell of the table, not the end of the run. */
const failed = (error: unknown): string => `failed: ${String((error as Error).message).slice(0, 80)}`;

/** One server of this benchmark (numbers-server.ts), with the import's own limits. */
function start(bundle: string | undefined, databaseUrl: string, workDir: string, label: string, profileDir?: string) {
  return startNumbersServer({
    bundle,
    databaseUrl,
    workDir,
    label,
    profileDir,
    env: {
      // One secret for the run: a side's server restarted (BENCH_IMPORT_PROFILE) keeps its admin's session.
      AUTH_SECRET,
      // 1,000,000 lines take longer than the default 30 s to arrive on a loaded machine.
      REQUEST_TIMEOUT_MS: '180000',
    },
  });
}

await main();

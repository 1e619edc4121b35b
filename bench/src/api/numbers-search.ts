/**
 * Some rows of `npm run bench -- numbers` alone, before and after in one run: the catalogue of
 * that benchmark (100,000 parts, 1,000,000 cross-references) generated once and copied, one
 * database per side, and rounds that alternate between the sides. Each round starts each side's
 * server afresh (its caches empty, so every query is unasked again), warms it on a fifth of a
 * row's queries and measures on the rest, printing req/s, p99 and the CPU per request of the
 * server and of the database's backends, which a loaded machine disturbs far less than latency.
 * Prints only; writes no document.
 *
 *   BENCH_SEARCH_BEFORE=<a checkout>/server/dist/main.mjs BENCH_SEARCH_ROWS=two,unique \
 *     npx node bench/src/api/numbers-search.ts
 *
 * BENCH_SEARCH_AFTER names another bundle for the "after" side (default: this checkout's).
 * BENCH_SEARCH_PROFILE=1 runs the "after" side from its TypeScript sources under `node --cpu-prof`
 * and prints where its time went (lib/cpu-profile.ts).
 * BENCH_SEARCH_ROWS: comma-separated parts of row labels (default: every row but by-number);
 * BENCH_SEARCH_ROUNDS (default 2); BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP as for
 * `npm run bench`; BENCH_PG_URL the PostgreSQL server.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { createScratchDatabase } from '@torque/testkit';
import { readdirSync } from 'node:fs';
import { summariseProfile } from '../lib/cpu-profile.ts';
import { consoleTable } from '../lib/doc.ts';
import { adminUrl } from '../lib/postgres.ts';
import { cpuOf, generateNumbersCatalogue, numbersRows } from './part-numbers-scale.ts';
import { startNumbersServer } from './numbers-server.ts';
import { measure, psql } from './scale-kit.ts';
import { readSettings } from './settings.ts';

interface Side {
  label: string;
  bundle: string | undefined;
  databaseUrl: string;
}

async function main(): Promise<void> {
  const settings = readSettings();
  const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 2);
  const before = process.env.BENCH_SEARCH_BEFORE;
  const after = process.env.BENCH_SEARCH_AFTER;
  const profiling = process.env.BENCH_SEARCH_PROFILE === '1';
  const wanted = (process.env.BENCH_SEARCH_ROWS ?? 'competitor,brand,two words,typo')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const rows = numbersRows().filter((r) => wanted.some((w) => r.label.includes(w)));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-search-'));
  const template = await createScratchDatabase(adminUrl, { label: 'bench_search' });
  const copies: { drop(): Promise<void> }[] = [template];
  const sides: Side[] = [];
  try {
    // The schema as the "before" bundle migrates it (the after side adds its own migrations).
    await (await start(before, template.url, workDir, 'schema')).stop();
    process.stdout.write('generating 100,000 parts and 1,000,000 cross-references\n');
    await generateNumbersCatalogue(template.url);
    const name = new URL(template.url).pathname.slice(1);
    for (const [label, bundle] of [...(before ? ([['before', before]] as const) : []), ['after', after] as const]) {
      const copy = await createScratchDatabase(adminUrl, { label: `bench_search_${label}`, template: name });
      copies.push(copy);
      sides.push({ label, bundle, databaseUrl: copy.url });
    }
    const results: string[][] = [];
    for (let round = 1; round <= rounds; round++)
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        await psql(
          side.databaseUrl,
          "create extension if not exists pg_prewarm; select pg_prewarm('parts'), pg_prewarm('parts_pkey'), pg_prewarm('parts_search_words'), pg_prewarm('part_cross_references_number_idx')",
        );
        const profileDir = profiling && side.label === 'after' ? path.join(workDir, `profile-${round}`) : undefined;
        const server = await start(side.bundle, side.databaseUrl, workDir, side.label, profileDir);
        const started = performance.now();
        try {
          const cpuMs = cpuOf(server.process.pid!, side.databaseUrl);
          for (const row of rows) {
            const all = Array.from({ length: row.count }, (_, i) => row.make(i));
            const load = os.loadavg()[0]!.toFixed(1);
            const m = await measure(
              `${side.label} · ${row.label}`,
              server.url,
              all.slice(row.count / 5),
              settings,
              undefined,
              {
                warmupPaths: all.slice(0, row.count / 5),
                allowNon2xx: row.allowNon2xx,
                cpuMs,
                tolerate: true,
              },
            );
            const cpu = m.cpuPerRequest!;
            results.push([
              String(round),
              side.label,
              row.label,
              load,
              String(Math.round(m.result.requestsPerSecond)),
              `${m.result.latencyMs.p99} ms`,
              cpu.serverMs.toFixed(2),
              cpu.databaseMs.toFixed(2),
            ]);
          }
        } finally {
          await server.stop();
        }
        if (profileDir) {
          const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
          const summary = summariseProfile(path.join(profileDir, file), 0, 40);
          console.log(
            `\nprofile ${path.join(profileDir, file)} (${Math.round(summary.totalMs)} ms, ${Math.round(performance.now() - started)} ms after start)`,
          );
          for (const [name, pct] of summary.byPackage) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
          for (const [name, pct] of summary.byFunction) console.log(`${pct.toFixed(1).padStart(6)} %  ${name}`);
        }
      }
    console.log(
      `\n${consoleTable(['round', 'side', 'row', 'load', 'req/s', 'p99', 'server ms/req', 'database ms/req'], results)}`,
    );
  } finally {
    for (const copy of copies.reverse()) await copy.drop().catch((e: unknown) => console.error(String(e)));
  }
}

/** One server on `databaseUrl`: `bundle`, or this checkout's production bundle (built if stale). */
function start(bundle: string | undefined, databaseUrl: string, workDir: string, label: string, profileDir?: string) {
  return startNumbersServer({ bundle, databaseUrl, workDir, label, profileDir });
}

await main();

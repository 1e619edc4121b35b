/**
 * The server's own CPU for the cross-reference import of 1,000,000 lines (issue 26), without a
 * database: this checkout's import service (server/src, numbers/cross-reference-service.ts) and,
 * with BENCH_IMPORT_BEFORE_TREE=<another checkout>, that checkout's, in one process, alternating.
 * Each round reads the bench's file (the lines of `numbers-import.ts`: 100,000 parts, ten new
 * competitor numbers each) as a dry run and applied; "applied" runs the real write
 * (parts/cross-reference-rows.ts `importReferences`: the order, the chunks' parameters, drizzle's
 * SQL built) against a runner that answers each chunk at once with no rows. The difference between
 * the two is what an applied import costs the server beyond its parse (docs/PERFORMANCE.md, the
 * import's fifth pass). CPU of this process (user + system), which a loaded machine disturbs far
 * less than the wall clock.
 *
 *   BENCH_IMPORT_BEFORE_TREE=/work/wt-base npx node bench/src/api/numbers-import-cpu.ts
 *
 * BENCH_IMPORT_ROUNDS (default 3) sets the rounds.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { cpuUsage } from 'node:process';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { consoleTable } from '../lib/doc.ts';
import { repoRoot } from '../lib/servers.ts';

const PARTS = 100_000;
const LINES = 1_000_000;
const BRANDS = ['Bosch', 'ATE', 'TRW', 'Brembo', 'Febi Bilstein', 'Mann-Filter'];

interface Tree {
  label: string;
  importCsv: (input: string, dryRun: boolean) => Promise<unknown>;
}

/** The import service of the checkout at `root`, over a fake repository and a runner that answers at once. */
async function load(label: string, root: string, catalogue: Map<string, string>): Promise<Tree> {
  const source = (file: string) => pathToFileURL(path.join(root, 'server/src/modules/catalogue', file)).href;
  const service = (await import(source('numbers/cross-reference-service.ts'))) as {
    createCrossReferenceService: (deps: unknown) => Tree;
  };
  const rows = (await import(source('parts/cross-reference-rows.ts'))) as {
    importReferences: (db: unknown, rows: unknown[]) => Promise<void>;
  };
  const dialect = new PgDialect();
  // What drizzle does before the driver: the statement's text and parameters.
  const runner = { execute: async (statement: SQL) => (dialect.sqlToQuery(statement), { rows: [] }) };
  const created = service.createCrossReferenceService({
    repository: {
      idsOfNumbers: async (normals: readonly string[]) =>
        new Map(normals.flatMap((n) => (catalogue.has(n) ? [[n, catalogue.get(n)!] as const] : []))),
      addReferences: (references: unknown[]) => rows.importReferences(runner, references),
    },
    byNumber: { find: async () => undefined },
    changed: () => {},
    answerCache: { maxEntries: 1, maxBytes: 1, maxAgeMs: 1 },
  });
  return { label, importCsv: (input, dryRun) => created.importCsv(input, dryRun) };
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
  const numbers = Array.from({ length: PARTS }, (_, i) => `TP-${String(100_000 + i)}`);
  const catalogue = new Map(numbers.map((n) => [n.replace('-', ''), randomUUID()]));
  const lines = Array.from(
    { length: LINES },
    (_, i) => `${numbers[i % PARTS]},competitor,${BRANDS[i % BRANDS.length]},IM ${String(i).padStart(7, '0')}`,
  );
  const csv = `partNumber,kind,brand,number\n${lines.join('\n')}\n`;
  const before = process.env.BENCH_IMPORT_BEFORE_TREE;
  const trees = [
    ...(before ? [await load('before', before, catalogue)] : []),
    await load('after', repoRoot, catalogue),
  ];
  const results: string[][] = [];
  for (let round = 1; round <= rounds; round++)
    for (const tree of round % 2 ? trees : [...trees].reverse()) {
      const row = [String(round), tree.label, os.loadavg()[0]!.toFixed(1)];
      for (const dryRun of [true, false]) {
        globalThis.gc?.();
        const c0 = cpuUsage();
        const answer = await tree.importCsv(csv, dryRun);
        const c = cpuUsage(c0);
        row.push(`${((c.user + c.system) / 1e6).toFixed(2)} s`);
        if (round === 1)
          process.stdout.write(`    ${tree.label} ${dryRun ? 'dry run' : 'applied'}: ${JSON.stringify(answer)}\n`);
      }
      results.push(row);
      process.stdout.write(`${row.join(' · ')}\n`);
    }
  console.log(`\n${consoleTable(['round', 'side', 'load', 'dry run CPU', 'applied CPU'], results)}`);
}

await main();

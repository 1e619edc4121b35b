/**
 * `npm run bench:web:pairs -- <before dist> <after dist> <route> …`: two builds of the SPA (each a
 * `web/dist` copied aside) judged against each other on the pages named, as web/performance-budget.ts
 * names them (`/parts`, `/cart`, `/checkout/:orderId`). One production server per build, each with
 * its own database and, for a signed-in page, its own arranged buyer and admin; Lighthouse runs
 * alternate between them run by run (before first in one pair, after first in the next), so a
 * machine that slows down for a while slows both builds alike. Prints each pair and, per page,
 * the medians and the median of the differences (after − before) of the performance score, FCP,
 * LCP and TBT. BENCH_PAIRS (default 5) pairs per page; BENCH_CPU_SLOWDOWN as for bench:web.
 *
 * Runs of one build spread widely (one build's /parts TBT ranged 54–501 ms in seven runs): a
 * change is judged by its pairs, not by two runs of `bench:web` made minutes apart.
 *
 * Prints only; writes nothing. Build each side with `npm run build -w web` and copy `web/dist`.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../../web/performance-budget.ts';
import { stopAllChildren } from './lib/processes.ts';
import { startAppServer, type RunningServer } from './lib/servers.ts';
import { scorePage, type PageScores } from './web/lighthouse.ts';
import { arrangeSignedInPages, webBenchServerEnv, type BenchPage } from './web/signed-in.ts';

const [beforeDist, afterDist, ...chosen] = process.argv.slice(2);
const routes = new Set<string>([...PUBLIC_PAGES, ...SIGNED_IN_PAGES.map((page) => page.route)]);
if (!beforeDist || !afterDist || chosen.length === 0) {
  console.error('usage: npm run bench:web:pairs -w @torque/bench -- <before dist> <after dist> <route> …');
  process.exit(2);
}
for (const dist of [beforeDist, afterDist])
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} holds no built SPA (index.html)`);
const unknown = chosen.filter((route) => !routes.has(route));
if (unknown.length > 0) throw new Error(`Not a page of web/performance-budget.ts: ${unknown.join(', ')}`);
const pairs = Math.max(1, Number(process.env.BENCH_PAIRS ?? 5));

process.once('SIGINT', () => void stopAllChildren().finally(() => process.exit(130)));

interface Side {
  name: 'before' | 'after';
  server: RunningServer;
  pages: BenchPage[];
  workDir: string;
}

async function startSide(name: Side['name'], dist: string): Promise<Side> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `torque-pairs-${name}-`));
  const server = await startAppServer({
    env: webBenchServerEnv(path.join(workDir, 'data'), { WEB_DIST_DIR: path.resolve(dist) }),
    logFile: path.join(workDir, 'server.log'),
  });
  const publicPages = PUBLIC_PAGES.filter((route) => chosen.includes(route)).map((route) => ({
    route,
    label: route,
    path: route,
  }));
  const signedIn = SIGNED_IN_PAGES.some((page) => chosen.includes(page.route))
    ? (await arrangeSignedInPages(server.url)).filter((page) => chosen.includes(page.route))
    : [];
  return { name, server, pages: [...publicPages, ...signedIn], workDir };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const figures = (s: PageScores) => ({
  performance: s.scores.performance,
  fcp: s.metrics.fcp,
  lcp: s.metrics.lcp,
  tbt: s.metrics.tbt,
});
type Figures = ReturnType<typeof figures>;
const show = (f: Figures) =>
  `performance ${f.performance}, FCP ${Math.round(f.fcp)}, LCP ${Math.round(f.lcp)}, TBT ${Math.round(f.tbt)}`;

const sides = [await startSide('before', beforeDist), await startSide('after', afterDist)];
try {
  for (let index = 0; index < sides[0]!.pages.length; index++) {
    const label = sides[0]!.pages[index]!.label;
    const runs: Record<Side['name'], Figures[]> = { before: [], after: [] };
    console.log(`${label}: ${pairs} pairs`);
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? sides : [...sides].reverse();
      const line: string[] = [];
      for (const side of order) {
        const scores = await scorePage(side.server.url, side.pages[index]!, 1, side.workDir);
        const f = figures(scores);
        runs[side.name].push(f);
        line.push(`${side.name}: ${show(f)} (benchmarkIndex ${Math.round(scores.benchmarkIndex[0] ?? Number.NaN)})`);
      }
      console.log(`  pair ${pair + 1}  ${line.join('  |  ')}`);
    }
    const keys = ['performance', 'fcp', 'lcp', 'tbt'] as const;
    const medians = (side: Side['name']) =>
      Object.fromEntries(keys.map((k) => [k, median(runs[side].map((f) => f[k]))])) as Figures;
    const deltas = Object.fromEntries(
      keys.map((k) => [k, median(runs.after.map((f, i) => f[k] - runs.before[i]![k]))]),
    ) as Figures;
    console.log(`  medians  before: ${show(medians('before'))}  |  after: ${show(medians('after'))}`);
    console.log(
      `  median of the pairs' differences (after − before): performance ${deltas.performance}, FCP ${Math.round(deltas.fcp)} ms, LCP ${Math.round(deltas.lcp)} ms, TBT ${Math.round(deltas.tbt)} ms`,
    );
  }
} finally {
  await Promise.all(sides.map((side) => side.server.stop()));
}

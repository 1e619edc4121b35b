/**
 * `npm run bench:web`: builds the SPA, measures what the browser downloads for the first load
 * of `/` (and the other public pages) in Chromium against the real server, runs Lighthouse 12
 * on every public page (web/performance-budget.ts's PUBLIC_PAGES) and every signed-in one
 * (SIGNED_IN_PAGES, opened with a session the bench arranged: web/signed-in.ts), prints per page the
 * performance score, FCP, LCP, TBT and CLS (medians of BENCH_LIGHTHOUSE_RUNS, default 3) and
 * Lighthouse's benchmarkIndex of the machine, and rewrites the web section of
 * docs/PERFORMANCE.md. Exits non-zero when the first-load budget, the Total Blocking Time budget
 * (≤ 150 ms on every page) or a Lighthouse score goal is missed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSection } from './lib/doc.ts';
import { stopAllChildren } from './lib/processes.ts';
import { repoRoot, startAppServer } from './lib/servers.ts';
import { launchChromium, measureFirstLoad, type FirstLoad } from './web/first-load.ts';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../../web/performance-budget.ts';
import { scorePage, type PageScores } from './web/lighthouse.ts';
import { arrangeSignedInPages, webBenchServerEnv, type BenchPage } from './web/signed-in.ts';
import { budgetPass, goalsPass, tbtPass, TBT_BUDGET_MS, webConsole, webMarkdown, type WebRun } from './web/report.ts';

/**
 * Every page of web/performance-budget.ts; `npm run bench:web -- /parts /checkout/:orderId`
 * scores only those (a signed-in page by its route, as SIGNED_IN_PAGES names it).
 */
const chosen = process.argv.slice(2);
const wanted = (route: string) => chosen.length === 0 || chosen.includes(route);
const routes = new Set<string>([...PUBLIC_PAGES, ...SIGNED_IN_PAGES.map((page) => page.route)]);
const unknown = chosen.filter((route) => !routes.has(route));
if (unknown.length > 0) throw new Error(`Not a page of web/performance-budget.ts: ${unknown.join(', ')}`);
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

process.once('SIGINT', () => void stopAllChildren().finally(() => process.exit(130)));

console.log('Building the SPA (npm run build -w web)');
// Over budget the build fails; here it only reports, so the figures below still get written.
execFileSync('npm', ['run', 'build', '-w', 'web'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, TORQUE_BUNDLE_BUDGET: 'warn' },
});

const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-bench-web-'));
const server = await startAppServer({
  env: webBenchServerEnv(path.join(workDir, 'data')),
  logFile: path.join(workDir, 'server.log'),
});

const loads: FirstLoad[] = [];
const pages: PageScores[] = [];
const loadAverage = { before: os.loadavg(), after: os.loadavg() };
try {
  const publicPages: BenchPage[] = PUBLIC_PAGES.filter(wanted).map((route) => ({ route, label: route, path: route }));
  // The accounts, cart, order and company are made only when a signed-in page is scored.
  const signedIn = SIGNED_IN_PAGES.some((page) => wanted(page.route))
    ? (await arrangeSignedInPages(server.url)).filter((page) => wanted(page.route))
    : [];
  const benchPages = [...publicPages, ...signedIn];
  const browser = await launchChromium();
  try {
    for (const { path: page } of publicPages) {
      for (const viewport of ['mobile', 'desktop'] as const) {
        const load = await measureFirstLoad(browser, server.url, page, viewport);
        loads.push(load);
        console.log(
          `${page} (${viewport}): JS ${(load.firstJsGzip / 1000).toFixed(1)} kB gzip before the first paint (${(load.jsGzip / 1000).toFixed(1)} until idle), CSS ${(load.firstCssGzip / 1000).toFixed(1)} kB (${(load.cssGzip / 1000).toFixed(1)})`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  loadAverage.before = os.loadavg();
  for (const page of benchPages) {
    console.log(`Lighthouse ${page.label} × ${lighthouseRuns}`);
    const scores = await scorePage(server.url, page, lighthouseRuns, workDir);
    console.log(
      `  performance ${scores.scores.performance}, FCP ${Math.round(scores.metrics.fcp)} ms, LCP ${Math.round(scores.metrics.lcp)} ms, TBT ${Math.round(scores.metrics.tbt)} ms${tbtPass(scores) ? '' : ` (over ${TBT_BUDGET_MS})`}, CLS ${scores.metrics.cls.toFixed(3)}`,
    );
    pages.push(scores);
  }
  loadAverage.after = os.loadavg();
} finally {
  await server.stop();
}

const run: WebRun = { loads, pages, lighthouseRuns, command: 'npm run bench:web', loadAverage };
console.log(`\n${webConsole(run)}\n`);
// A run of some pages only prints: the document keeps the figures of the last whole run.
if (chosen.length === 0) {
  writeSection('web', webMarkdown(run));
  console.log('Wrote docs/PERFORMANCE.md');
}

const overTbt = pages.filter((p) => !tbtPass(p)).map((p) => p.label);
const missedGoals = pages.filter((p) => !goalsPass(p)).map((p) => p.label);
const budgetMet = loads.filter((l) => l.path === '/').every(budgetPass);
const problems = [
  !budgetMet && 'the first-load budget of /',
  overTbt.length > 0 && `Total Blocking Time over ${TBT_BUDGET_MS} ms on ${overTbt.join(', ')}`,
  missedGoals.length > 0 && `a Lighthouse score goal on ${missedGoals.join(', ')}`,
].filter(Boolean);
if (problems.length > 0) {
  console.error(`Not met: ${problems.join('; ')}`);
  process.exitCode = 1;
}

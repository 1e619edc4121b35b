import os from 'node:os';
import path from 'node:path';
import { FIRST_LOAD_BUDGET, LIGHTHOUSE_BUDGET } from '../../../web/performance-budget.ts';
import { consoleTable, machineLine, table, today, verdict } from '../lib/doc.ts';
import { median } from '../lib/stats.ts';
import type { FirstLoad } from './first-load.ts';
import { CATEGORIES, CPU_SLOWDOWN, type Category, type PageScores } from './lighthouse.ts';

/** The first load's budget: the build enforces the same figures (web/performance-budget.ts). */
export const BUDGET = FIRST_LOAD_BUDGET;
export const GOALS: Record<Category, number> = {
  performance: LIGHTHOUSE_BUDGET.performance,
  accessibility: LIGHTHOUSE_BUDGET.accessibility,
  'best-practices': LIGHTHOUSE_BUDGET.bestPractices,
  seo: LIGHTHOUSE_BUDGET.seo,
};
export const TBT_BUDGET_MS = LIGHTHOUSE_BUDGET.totalBlockingTimeMs;

export interface WebRun {
  loads: FirstLoad[];
  pages: PageScores[];
  lighthouseRuns: number;
  command: string;
  /** The 1-, 5- and 15-minute load averages when Lighthouse started and when it ended. */
  loadAverage: { before: number[]; after: number[] };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '—');
const mark = (pass: boolean) => (pass ? '✓' : '✗');

/** The budget applies to what the first paint needed (the build counts the same, statically). */
export function budgetPass(load: FirstLoad): boolean {
  return load.firstJsGzip / 1000 <= BUDGET.jsKb && load.firstCssGzip / 1000 <= BUDGET.cssKb;
}

export const tbtPass = (page: PageScores) => page.metrics.tbt <= TBT_BUDGET_MS;
/**
 * Robots.txt disallows the signed-in area (web/public/robots.txt), so Lighthouse's
 * "Page is blocked from indexing" fails there on purpose: SEO is a goal of public pages only.
 */
const hasGoal = (page: PageScores, category: Category) => !(page.signedIn && category === 'seo');
const meetsGoal = (page: PageScores, category: Category) =>
  !hasGoal(page, category) || page.scores[category] >= GOALS[category];
export const goalsPass = (page: PageScores) => CATEGORIES.every((c) => meetsGoal(page, c));

/** Lighthouse's benchmarkIndex over every run: median and range. */
export function benchmarkLine(run: WebRun): string {
  const all = run.pages.flatMap((p) => p.benchmarkIndex).filter(Number.isFinite);
  if (all.length === 0) return 'benchmarkIndex: not reported';
  return `Lighthouse benchmarkIndex of this machine: median ${Math.round(median(all))} (${Math.round(Math.min(...all))}–${Math.round(Math.max(...all))} over ${all.length} runs)`;
}

const loadLine = (run: WebRun) =>
  `load average (1, 5, 15 min) ${run.loadAverage.before.map((l) => l.toFixed(1)).join(', ')} at the start, ${run.loadAverage.after.map((l) => l.toFixed(1)).join(', ')} at the end, on ${os.cpus().length} cores`;

function loadRows(run: WebRun): string[][] {
  return run.loads.map((l) => [
    `\`${l.path}\``,
    l.viewport,
    `${kb(l.firstJsGzip)} / ${kb(l.jsGzip)} kB`,
    `${kb(l.firstCssGzip)} / ${kb(l.cssGzip)} kB`,
    `${kb(l.jsTransfer)} / ${kb(l.cssTransfer)} kB`,
    String(l.files.length),
    l.path === '/' ? verdict(budgetPass(l)) : '—',
  ]);
}

/** Per page: the performance score, the lab metrics (each the median of the runs), the other categories. */
function scoreRows(run: WebRun): string[][] {
  return run.pages.map((p) => [
    `\`${p.label}\``,
    `${p.scores.performance} ${mark(meetsGoal(p, 'performance'))} (${p.runs.map((r) => r.performance).join(', ')})`,
    ms(p.metrics.fcp),
    ms(p.metrics.lcp),
    `${ms(p.metrics.tbt)} ${mark(tbtPass(p))} (${p.metricRuns.map((m) => Math.round(m.tbt)).join(', ')})`,
    Number.isFinite(p.metrics.cls) ? p.metrics.cls.toFixed(3) : '—',
    ...(['accessibility', 'best-practices', 'seo'] as const).map((c) =>
      hasGoal(p, c) ? `${p.scores[c]} ${mark(meetsGoal(p, c))}` : `${p.scores[c]} (no goal)`,
    ),
  ]);
}

const LOAD_HEADER = [
  'page',
  'viewport',
  'JS gzip: first paint / until idle',
  'CSS gzip: first paint / until idle',
  'transfer JS / CSS (all)',
  'files',
  'budget',
];
const SCORE_HEADER = [
  'page',
  'performance (runs)',
  'FCP',
  'LCP',
  'TBT (runs)',
  'CLS',
  'accessibility',
  'best practices',
  'SEO',
];

export function webMarkdown(run: WebRun): string {
  const home = run.loads.filter((l) => l.path === '/');
  const lighthouseOk = run.pages.every(goalsPass);
  const tbtOk = run.pages.every(tbtPass);
  const findings = run.pages.flatMap((p) =>
    p.findings.map((f) => `- \`${p.label}\` ${f.category}: ${f.title} (${f.detail})`),
  );
  const lcp = run.pages.filter((p) => p.lcpElement).map((p) => `- \`${p.label}\`: \`${p.lcpElement}\``);
  return [
    '## Web (`npm run bench:web`)',
    '',
    `Measured ${today()} with \`${run.command}\` on ${machineLine(['Chromium at /usr/bin/chromium', 'Lighthouse 12'])}; ${loadLine(run)}. ${benchmarkLine(run)}. The SPA is built, served by the real server (the production bundle \`server/dist/main.mjs\`, NODE_ENV=production, PGlite) and opened in Chromium with an empty cache; every script and stylesheet it requests until the network has been idle for 3 s is counted, without scrolling or input, split into what was asked for before the first contentful paint (the first load, which the budget applies to) and everything until idle (with what is fetched once idle: below-the-fold sections, the footer). "gzip" is each file as a gzip-only client receives it (the budget's unit, kB = 1000 bytes); "transfer" is what Chromium itself downloaded (brotli).`,
    '',
    `Budget for the first load of \`/\`: JS ≤ ${BUDGET.jsKb} kB, CSS ≤ ${BUDGET.cssKb} kB gzip — ${verdict(home.length > 0 && home.every(budgetPass))}. \`npm run build -w web\` enforces the same budget (the \`torque:first-load-budget\` plugin in web/vite.config.ts counts the entry, the landing page's chunk and their static imports; the figures live in web/performance-budget.ts).`,
    '',
    table(LOAD_HEADER, loadRows(run)),
    '',
    `Lighthouse 12, mobile preset (simulated throttling: ${CPU_SLOWDOWN}× CPU, slow 4G), ${run.lighthouseRuns} runs per page; every figure is the median of the runs (brackets: each run). Budget: Total Blocking Time ≤ ${TBT_BUDGET_MS} ms on every page — ${verdict(tbtOk)}; performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ${GOALS['best-practices']}, SEO ${GOALS.seo} (public pages) — ${verdict(lighthouseOk)}. A page marked "(buyer)" or "(admin)" is opened signed in, in a fresh Chromium that holds the session cookie and the access token (bench/src/web/signed-in.ts): "buyer" is a company's admin with three lines in the cart and an unpaid order, "admin" the shop's. A search engine never sees those pages signed in and robots.txt keeps the signed-in area out, so SEO is no goal there.`,
    '',
    table(SCORE_HEADER, scoreRows(run)),
    '',
    findings.length
      ? ['Accessibility, best-practice and SEO audits short of full marks in the median run:', '', ...findings].join(
          '\n',
        )
      : 'No accessibility, best-practice or SEO audit short of full marks in the median runs.',
    '',
    ...(lcp.length ? ['Largest contentful paint, median-performance run:', '', ...lcp, ''] : []),
    '<details><summary>Files of the first load of <code>/</code></summary>',
    '',
    table(
      ['viewport', 'file', 'gzip', 'transfer', 'asked for'],
      home.flatMap((l) =>
        l.files.map((f) => [
          l.viewport,
          path.basename(new URL(f.url).pathname),
          `${kb(f.gzipBytes)} kB`,
          `${kb(f.transferBytes)} kB`,
          f.beforePaint ? 'before the first paint' : 'after (idle, near)',
        ]),
      ),
    ),
    '',
    '</details>',
  ].join('\n');
}

export function webConsole(run: WebRun): string {
  const plain = (rows: string[][]) => rows.map((r) => r.map((c) => c.replaceAll('`', '').replaceAll('*', '')));
  return [
    consoleTable(
      ['page', 'viewport', 'JS gzip', 'CSS gzip', 'transfer JS / CSS', 'files', 'budget'],
      plain(loadRows(run)),
    ),
    '',
    consoleTable(SCORE_HEADER, plain(scoreRows(run))),
    '',
    benchmarkLine(run),
    loadLine(run),
  ].join('\n');
}

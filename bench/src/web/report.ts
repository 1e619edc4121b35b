import path from 'node:path';
import { consoleTable, machineLine, table, today, verdict } from '../lib/doc.ts';
import type { FirstLoad } from './first-load.ts';
import { CATEGORIES, type Category, type PageScores } from './lighthouse.ts';

/** Issue #8's budget; the build enforces the same figures (FIRST_LOAD_BUDGET in web/vite.config.ts). */
export const BUDGET = { jsKb: 110, cssKb: 15 };
export const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

export interface WebRun {
  loads: FirstLoad[];
  pages: PageScores[];
  lighthouseRuns: number;
  command: string;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function budgetPass(load: FirstLoad): boolean {
  return load.jsGzip / 1000 <= BUDGET.jsKb && load.cssGzip / 1000 <= BUDGET.cssKb;
}

function loadRows(run: WebRun): string[][] {
  return run.loads.map((l) => [
    `\`${l.path}\``,
    l.viewport,
    `${kb(l.jsGzip)} kB`,
    `${kb(l.cssGzip)} kB`,
    `${kb(l.jsTransfer)} / ${kb(l.cssTransfer)} kB`,
    String(l.files.length),
    l.path === '/' ? verdict(budgetPass(l)) : '—',
  ]);
}

function scoreRows(run: WebRun): string[][] {
  return run.pages.map((p) => [
    `\`${p.path}\``,
    ...CATEGORIES.map(
      (c) => `${p.scores[c]} ${p.scores[c] >= GOALS[c] ? '✓' : '✗'} (${p.runs.map((r) => r[c]).join(', ')})`,
    ),
    Object.entries(p.metrics)
      .map(([name, value]) => (name === 'LCP element' ? `LCP: \`${value}\`` : value))
      .join(' · '),
  ]);
}

export function webMarkdown(run: WebRun): string {
  const home = run.loads.filter((l) => l.path === '/');
  const lighthouseOk = run.pages.every((p) => CATEGORIES.every((c) => p.scores[c] >= GOALS[c]));
  const findings = run.pages.flatMap((p) =>
    p.findings.map((f) => `- \`${p.path}\` ${f.category}: ${f.title} (${f.detail})`),
  );
  return [
    '## Web (`npm run bench:web`)',
    '',
    `Measured ${today()} with \`${run.command}\` on ${machineLine(['Chromium at /usr/bin/chromium', 'Lighthouse 12'])}. The SPA is built, served by the real server (the production bundle \`server/dist/main.mjs\`, NODE_ENV=production, PGlite) and opened in Chromium with an empty cache; every script and stylesheet it requests until the network has been idle for 3 s is counted, without scrolling or input. "gzip" is each file as a gzip-only client receives it (the budget's unit, kB = 1000 bytes); "transfer" is what Chromium itself downloaded (brotli).`,
    '',
    `Budget for the first load of \`/\`: JS ≤ ${BUDGET.jsKb} kB, CSS ≤ ${BUDGET.cssKb} kB gzip — ${verdict(home.length > 0 && home.every(budgetPass))}. \`npm run build -w web\` enforces the same budget (the \`torque:first-load-budget\` plugin in web/vite.config.ts counts the entry, the landing page's chunk and their static imports).`,
    '',
    table(['page', 'viewport', 'JS gzip', 'CSS gzip', 'transfer JS / CSS', 'files', 'budget'], loadRows(run)),
    '',
    `Lighthouse 12, mobile preset (simulated throttling), median of ${run.lighthouseRuns} runs (each run's score in brackets). Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ${GOALS['best-practices']}, SEO ${GOALS.seo} — ${verdict(lighthouseOk)}.`,
    '',
    table(
      [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'FCP · LCP · TBT · CLS · Speed Index (median-performance run)',
      ],
      scoreRows(run),
    ),
    '',
    findings.length
      ? ['Accessibility, best-practice and SEO audits short of full marks in the median run:', '', ...findings].join(
          '\n',
        )
      : 'No accessibility, best-practice or SEO audit short of full marks in the median runs.',
    '',
    '<details><summary>Files of the first load of <code>/</code></summary>',
    '',
    table(
      ['viewport', 'file', 'gzip', 'transfer'],
      home.flatMap((l) =>
        l.files.map((f) => [
          l.viewport,
          path.basename(new URL(f.url).pathname),
          `${kb(f.gzipBytes)} kB`,
          `${kb(f.transferBytes)} kB`,
        ]),
      ),
    ),
    '',
    '</details>',
  ].join('\n');
}

export function webConsole(run: WebRun): string {
  return [
    consoleTable(
      ['page', 'viewport', 'JS gzip', 'CSS gzip', 'transfer JS / CSS', 'files', 'budget'],
      loadRows(run).map((r) => r.map((c) => c.replaceAll('`', '').replaceAll('*', ''))),
    ),
    '',
    consoleTable(
      ['page', ...CATEGORIES, 'metrics'],
      scoreRows(run).map((r) => r.map((c) => c.replaceAll('`', ''))),
    ),
  ].join('\n');
}

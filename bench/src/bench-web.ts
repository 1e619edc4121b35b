/**
 * `npm run bench:web`: builds the SPA, measures what the browser downloads for the first load
 * of `/` (and the other public pages) in Chromium against the real server, runs Lighthouse 12
 * on the public pages, prints the figures and rewrites the web section of docs/PERFORMANCE.md.
 * Exits non-zero when the budget or a Lighthouse goal is missed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSection } from './lib/doc.ts';
import { stopAllChildren } from './lib/processes.ts';
import { repoRoot, startAppServer } from './lib/servers.ts';
import { launchChromium, measureFirstLoad, type FirstLoad } from './web/first-load.ts';
import { CATEGORIES, scorePage, type PageScores } from './web/lighthouse.ts';
import { budgetPass, GOALS, webConsole, webMarkdown, type WebRun } from './web/report.ts';

const PAGES = ['/', '/parts', '/blogs', '/my-portfolio', '/login'];
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
  env: {
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'warn',
  },
  logFile: path.join(workDir, 'server.log'),
});

const loads: FirstLoad[] = [];
const pages: PageScores[] = [];
try {
  const browser = await launchChromium();
  try {
    for (const page of PAGES) {
      for (const viewport of ['mobile', 'desktop'] as const) {
        const load = await measureFirstLoad(browser, server.url, page, viewport);
        loads.push(load);
        console.log(
          `${page} (${viewport}): JS ${(load.jsGzip / 1000).toFixed(1)} kB gzip, CSS ${(load.cssGzip / 1000).toFixed(1)} kB gzip`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  for (const page of PAGES) {
    console.log(`Lighthouse ${page} × ${lighthouseRuns}`);
    pages.push(await scorePage(server.url, page, lighthouseRuns, workDir));
  }
} finally {
  await server.stop();
}

const run: WebRun = { loads, pages, lighthouseRuns, command: 'npm run bench:web' };
console.log(`\n${webConsole(run)}\n`);
writeSection('web', webMarkdown(run));
console.log('Wrote docs/PERFORMANCE.md');

const budgetMet = loads.filter((l) => l.path === '/').every(budgetPass);
const goalsMet = pages.every((p) => CATEGORIES.every((c) => p.scores[c] >= GOALS[c]));
if (!budgetMet || !goalsMet) {
  console.error(
    `Not met: ${[!budgetMet && 'the first-load budget of /', !goalsMet && 'a Lighthouse goal'].filter(Boolean).join(' and ')}`,
  );
  process.exitCode = 1;
}

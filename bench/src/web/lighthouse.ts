import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../lib/servers.ts';
import { median } from '../lib/stats.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './first-load.ts';
import { chromiumSignedIn, type BenchPage, type BrowserSession } from './signed-in.ts';

const run = promisify(execFile);
const lighthouseBin = path.join(repoRoot, 'node_modules/.bin/lighthouse');

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: { items?: { node?: { snippet?: string } }[] }[] };
}
interface LhReport {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
  /** Lighthouse's measure of the machine's speed (higher is faster; ~1,000+ for a desktop). */
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
}

/** The lab metrics of a run, as numbers: ms, CLS unitless. */
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

export interface PageScores {
  /** The route, and as whom for a signed-in page (BenchPage's label). */
  label: string;
  /** Opened with a session: a page robots.txt keeps out of search, so SEO is no goal there. */
  signedIn: boolean;
  /** Median of the runs, 0–100. */
  scores: Record<Category, number>;
  runs: Record<Category, number>[];
  /** Median of the runs, each metric on its own. */
  metrics: Record<Metric, number>;
  metricRuns: Record<Metric, number>[];
  /** Lighthouse's benchmarkIndex of the machine in each run. */
  benchmarkIndex: number[];
  /** The largest contentful paint's element in the median-performance run. */
  lcpElement: string | null;
  /** Audits short of full marks in the median-performance run. */
  findings: { category: Category; title: string; detail: string }[];
}

/**
 * Lighthouse's own word for a trace it failed to record ("Please run Lighthouse again", e.g.
 * NO_NAVSTART): a fault of the recording on a loaded machine, not a measurement of the page.
 */
const RETRYABLE = /Please run Lighthouse again|NO_NAVSTART/;

/**
 * Lighthouse's CPU slowdown (its mobile preset: 4). Machines of this kind differ about 3× in
 * speed; on a faster one, BENCH_CPU_SLOWDOWN = 4 × its benchmarkIndex ÷ the reference machine's
 * gives the reference machine's figures (docs/PERFORMANCE.md says which was used).
 */
export const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
if (!(CPU_SLOWDOWN >= 1))
  throw new Error(`BENCH_CPU_SLOWDOWN must be a number ≥ 1, got ${process.env.BENCH_CPU_SLOWDOWN}`);
const ATTEMPTS = 3;
/**
 * BENCH_LIGHTHOUSE_ASSETS=<dir>: every run's report is kept there with its trace and network log
 * (`lh-<page>-<run>.json`, `…-0.trace.json`, `…-0.devtoolslog.json`), for `npm run
 * lighthouse:tasks -w @torque/bench`, which says which simulated tasks made its Total Blocking Time.
 */
const ASSETS_DIR = process.env.BENCH_LIGHTHOUSE_ASSETS;

/** One Lighthouse 12 run, tried again (up to 3 times, each said) when Lighthouse asks for that. */
async function lighthouseOnce(url: string, outFile: string, session?: BrowserSession): Promise<LhReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url, outFile, session);
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (attempt >= ATTEMPTS || !RETRYABLE.test(stderr)) throw error;
      console.log(`  Lighthouse on ${url} failed to record (${stderr.trim().split('\n')[0]}); running it again`);
    }
  }
}

/**
 * One Lighthouse 12 attempt (its own process, its own Chromium), mobile preset, offline. With a
 * session, Lighthouse drives a Chromium that holds it (signed-in.ts) and leaves its storage be;
 * that Chromium is new, so its cache is as empty as the one Lighthouse launches itself.
 */
async function lighthouseAttempt(url: string, outFile: string, session?: BrowserSession): Promise<LhReport> {
  const chrome = session ? await chromiumSignedIn(new URL(url).origin, session) : null;
  try {
    await run(
      lighthouseBin,
      [
        url,
        '--output=json',
        `--output-path=${outFile}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        ...(chrome
          ? [`--port=${chrome.port}`, '--disable-storage-reset']
          : [`--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`]),
        `--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`,
        ...(ASSETS_DIR ? ['--save-assets'] : []),
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 1 << 24 },
    );
  } finally {
    chrome?.kill();
  }
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LhReport;
  if (report.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

function findingsOf(report: LhReport): PageScores['findings'] {
  const out: PageScores['findings'] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (
        audit.scoreDisplayMode === 'informative' ||
        audit.scoreDisplayMode === 'notApplicable' ||
        audit.scoreDisplayMode === 'manual'
      )
        continue;
      // Performance is told by its metrics (shown beside the scores), not its many hints.
      if (category === 'performance') continue;
      out.push({ category, title: audit.title, detail: audit.displayValue ?? `score ${audit.score}` });
    }
  }
  return out;
}

export async function scorePage(baseUrl: string, page: BenchPage, runs: number, workDir: string): Promise<PageScores> {
  const reports: LhReport[] = [];
  const reportDir = ASSETS_DIR ? path.resolve(ASSETS_DIR) : workDir;
  mkdirSync(reportDir, { recursive: true });
  const fileName = page.label.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
  for (let i = 0; i < runs; i++) {
    reports.push(
      await lighthouseOnce(`${baseUrl}${page.path}`, path.join(reportDir, `lh-${fileName}-${i}.json`), page.session),
    );
  }
  const runScores = reports.map(
    (r) =>
      Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((r.categories[c].score ?? 0) * 100)])) as Record<
        Category,
        number
      >,
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runScores.map((s) => s[c]))])) as Record<
    Category,
    number
  >;
  const metricRuns = reports.map(
    (r) =>
      Object.fromEntries(
        Object.entries(METRICS).map(([key, id]) => [key, r.audits[id]?.numericValue ?? Number.NaN]),
      ) as Record<Metric, number>,
  );
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((key) => [key, median(metricRuns.map((m) => m[key as Metric]))]),
  ) as Record<Metric, number>;
  // The run whose performance score is the median one speaks for the findings and the LCP element.
  const order = reports.map((r, i) => [r.categories.performance.score ?? 0, i] as const).sort((a, b) => a[0] - b[0]);
  const medianRun = reports[order[order.length >> 1]![1]]!;
  const snippet = medianRun.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    label: page.label,
    signedIn: page.session !== undefined,
    scores,
    runs: runScores,
    metrics,
    metricRuns,
    benchmarkIndex: reports.map((r) => r.environment?.benchmarkIndex ?? Number.NaN),
    lcpElement: snippet ? (snippet.length > 60 ? `${snippet.slice(0, 60)}…` : snippet) : null,
    findings: findingsOf(medianRun),
  };
}

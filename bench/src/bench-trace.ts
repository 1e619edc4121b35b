/**
 * `npm run trace:web -w @torque/bench -- [/path …]`: the long tasks of each page's cold load in
 * Chromium with the CPU 4× slower (BENCH_CPU_SLOWDOWN), from a performance trace: each task with
 * what started it and what ran in it (rendering by kind, script by the package or source file its
 * functions came from). Builds the SPA with hidden source maps into a temporary folder and serves
 * it with the production server bundle on a fresh database. A route of web/performance-budget.ts's
 * SIGNED_IN_PAGES (`/cart`, `/checkout/:orderId`) is also loaded signed in, as bench:web opens it
 * (signed-in.ts arranges the buyer, the admin and their state on each server).
 *
 * - BENCH_TRACE_RUNS (1): loads per page; the summary gives medians.
 * - BENCH_TRACE_BASELINE=<dist>: also serves that build (e.g. one made at an older commit with
 *   `npx vite build --sourcemap hidden --outDir <dist>` in web/) and alternates the two, load by
 *   load, so both are measured under the same machine load: a before/after at the same moment.
 * - BENCH_TRACE_STACKS=1: each task's three busiest script stacks; `components`: the app's
 *   components and hooks it spent most time under (which parts of the page a render task drew).
 * - BENCH_TRACE_TASK_MS (50): the shortest task listed. With BENCH_CPU_SLOWDOWN=1 and 10, the tasks
 *   Lighthouse's simulation keeps (it drops those under 10 ms observed and multiplies the rest).
 * - BENCH_TRACE_CART_LINES=<n>: a visitor with n parts in the cart the browser keeps (localStorage
 *   `cart`, the first n parts of the catalogue), as after adding them on an earlier visit.
 * - BENCH_WEB_URL (+ BENCH_WEB_DIST for source names): trace a server you started instead.
 *
 * Prints only; writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopAllChildren } from './lib/processes.ts';
import { repoRoot, startAppServer } from './lib/servers.ts';
import { consoleTable } from './lib/doc.ts';
import { median } from './lib/stats.ts';
import { launchChromium } from './web/first-load.ts';
import { formatTrace, traceLoad, type PageTrace, type TaskDetail } from './web/long-tasks.ts';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../../web/performance-budget.ts';
import { sourceNamer } from './web/source-names.ts';
import { arrangeSignedInPages, signedInState, webBenchServerEnv, type BenchPage } from './web/signed-in.ts';

/** Pages as web/performance-budget.ts names them; a signed-in one (`/cart` is both) as SIGNED_IN_PAGES does. */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : PUBLIC_PAGES;
const signedInRoutes = new Set<string>(SIGNED_IN_PAGES.map((page) => page.route));
const unknown = paths.filter((route) => !route.startsWith('/'));
if (unknown.length > 0) throw new Error(`Not an address: ${unknown.join(', ')}`);
const runs = Math.max(1, Number(process.env.BENCH_TRACE_RUNS ?? 1));
const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const taskDetail: TaskDetail =
  process.env.BENCH_TRACE_STACKS === 'components'
    ? 'components'
    : process.env.BENCH_TRACE_STACKS === '1'
      ? 'stacks'
      : 'none';
const cartLines = Math.max(0, Number(process.env.BENCH_TRACE_CART_LINES ?? 0));

process.once('SIGINT', () => void stopAllChildren().finally(() => process.exit(130)));

const workDir = mkdtempSync(path.join(os.tmpdir(), 'torque-trace-'));

interface Target {
  name: string;
  url: string;
  distDir: string | null;
  stop: () => Promise<void>;
  /** The signed-in pages asked for, arranged on this target's server (signed-in.ts). */
  signedIn?: BenchPage[];
}

/** localStorage for a visitor whose cart holds the catalogue's first `lines` parts (lib/cart/visitor-cart.ts). */
async function visitorCart(url: string, lines: number): Promise<Record<string, string>> {
  if (lines === 0) return {};
  const response = await fetch(`${url}/api/parts?limit=${lines}`);
  const parts = (await response.json()) as { _id: string; minimunOrder: number }[];
  return {
    cart: JSON.stringify(parts.slice(0, lines).map((part) => ({ partId: part._id, quantity: part.minimunOrder }))),
  };
}

async function serve(name: string, distDir: string): Promise<Target> {
  const server = await startAppServer({
    env: webBenchServerEnv(path.join(workDir, `data-${name}`), { WEB_DIST_DIR: distDir }),
    logFile: path.join(workDir, `server-${name}.log`),
  });
  return { name, url: server.url, distDir, stop: () => server.stop() };
}

const targets: Target[] = [];
try {
  if (process.env.BENCH_WEB_URL) {
    const url = process.env.BENCH_WEB_URL;
    targets.push({ name: 'current', url, distDir: process.env.BENCH_WEB_DIST ?? null, stop: async () => {} });
  } else {
    const distDir = path.join(workDir, 'dist');
    console.log(`Building the SPA with hidden source maps into ${distDir}`);
    execFileSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', distDir, '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'web'),
      stdio: 'inherit',
      env: { ...process.env, TORQUE_BUNDLE_BUDGET: 'warn' },
    });
    if (process.env.BENCH_TRACE_BASELINE) targets.push(await serve('baseline', process.env.BENCH_TRACE_BASELINE));
    targets.push(await serve('current', distDir));
  }

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `Tracing ${paths.join(', ')}: CPU ${slowdown}× slower, ${runs} load(s) per page and build (${targets.map((t) => t.name).join(', ')}), ${cartLines} line(s) in a visitor's cart, load average ${load}`,
  );
  const storage = new Map(
    await Promise.all(targets.map(async (t) => [t.name, await visitorCart(t.url, cartLines)] as const)),
  );
  if (paths.some((route) => signedInRoutes.has(route)))
    for (const target of targets)
      target.signedIn = (await arrangeSignedInPages(target.url)).filter((page) => paths.includes(page.route));
  const traces = new Map<string, PageTrace[]>();
  const browser = await launchChromium();
  try {
    for (const pagePath of paths) {
      for (let i = 0; i < runs; i++) {
        for (const target of targets) {
          // A public address as it is; then each signed-in page of that route (`/cart` is both).
          const loads: { label: string; path: string; page?: BenchPage }[] = [
            ...(pagePath.includes(':') ? [] : [{ label: pagePath, path: pagePath }]),
            ...(target.signedIn ?? [])
              .filter((page) => page.route === pagePath)
              .map((page) => ({ label: page.label, path: page.path, page })),
          ];
          for (const load of loads) {
            const state = load.page?.session ? await signedInState(target.url, load.page.session) : null;
            const trace = await traceLoad(
              browser,
              target.url,
              load.path,
              sourceNamer(target.distDir),
              slowdown,
              { ...storage.get(target.name), ...state?.storage },
              state?.cookies,
            );
            console.log(`[${target.name}] ${load.label}: ${formatTrace(trace, taskDetail)}`);
            const key = `${target.name} ${load.label}`;
            traces.set(key, [...(traces.get(key) ?? []), trace]);
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nMedians of ${runs} load(s), CPU ${slowdown}× slower; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(summary(traces));
} finally {
  await Promise.all(targets.map((t) => t.stop()));
}

function summary(traces: Map<string, PageTrace[]>): string {
  const med = (list: PageTrace[], pick: (t: PageTrace) => number | null) =>
    Math.round(median(list.map(pick).filter((v): v is number => v !== null && Number.isFinite(v))));
  const rows: string[][] = [];
  const labels = [...new Set([...traces.keys()].map((key) => key.slice(key.indexOf(' ') + 1)))];
  for (const label of labels) {
    for (const target of targets) {
      const list = traces.get(`${target.name} ${label}`) ?? [];
      if (list.length === 0) continue;
      rows.push([
        label,
        target.name,
        String(med(list, (t) => t.fcpMs)),
        String(med(list, (t) => t.blockingAfterFcpMs)),
        String(med(list, (t) => t.longTasks.length)),
        String(med(list, (t) => t.busyMs)),
        String(med(list, (t) => t.stillBusyMs)),
      ]);
    }
  }
  return consoleTable(
    ['page', 'build', 'FCP ms', 'blocking after FCP ms', 'long tasks', 'main thread busy ms', 'busy while still ms'],
    rows,
  );
}

/**
 * `npm run lighthouse:tasks -w @torque/bench -- <report.json> …`: what Lighthouse's Total Blocking
 * Time was made of, task by task, for runs saved with their trace (`BENCH_LIGHTHOUSE_ASSETS=<dir>
 * npm run bench:web`, or `lighthouse --save-assets`: the report beside `<name>-0.trace.json` and
 * `<name>-0.devtoolslog.json`).
 *
 * Lighthouse does not measure TBT on the throttled page: it loads the page unthrottled and
 * simulates a slow phone from the trace (lantern). TBT is the mean of two simulations, each
 * counting the simulated tasks between a first paint and an interactive time (the pessimistic
 * half from the optimistic first paint, the optimistic half from the pessimistic one). This feeds
 * the saved trace back to Lighthouse's own computed artifacts and prints, for each half, its window
 * and every simulated task of 20 ms or more: when it starts, how long it is simulated and was
 * observed, what it blocks, and the trace events it holds. Run-to-run spread is large (one build's
 * TBT on /parts ranged 54–501 ms in seven runs); this says which tasks made a given run's figure.
 *
 * Prints only; writes nothing.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { functionName?: string; url?: string } };
}
interface CpuNode {
  type: 'cpu' | 'network';
  /** Observed, µs. */
  duration: number;
  childEvents: TraceEvent[];
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<CpuNode, Timing>;
}
interface MetricResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
interface Computed {
  request(data: unknown, context: unknown): Promise<MetricResult>;
}

const metrics = 'lighthouse/core/computed/metrics';
const [{ LanternTotalBlockingTime }, { LanternFirstContentfulPaint }, { LanternInteractive }] = (await Promise.all([
  import(`${metrics}/lantern-total-blocking-time.js`),
  import(`${metrics}/lantern-first-contentful-paint.js`),
  import(`${metrics}/lantern-interactive.js`),
])) as [
  { LanternTotalBlockingTime: Computed },
  { LanternFirstContentfulPaint: Computed },
  { LanternInteractive: Computed },
];

/** Lighthouse's threshold: the part of a task over 50 ms blocks. */
const BLOCKING_MS = 50;
/** Shorter simulated tasks are not printed (none of them blocks). */
const SHOWN_MS = 20;
/** Trace events that say what a task was; their total ms is printed, largest first. */
const TELLING = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'MinorGC',
  'MajorGC',
]);

function held(node: CpuNode): string {
  const totals = new Map<string, number>();
  for (const event of node.childEvents) {
    if (!event.dur || !TELLING.has(event.name)) continue;
    const data = event.args?.data;
    const name =
      event.name === 'FunctionCall' && data
        ? `FunctionCall ${data.functionName || '(anonymous)'}@${(data.url ?? '').replace(/.*\//, '')}`
        : event.name;
    totals.set(name, (totals.get(name) ?? 0) + event.dur / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(' · ');
}

function blockingIn(timing: Timing, from: number, to: number): number {
  if (timing.duration < BLOCKING_MS) return 0;
  const inside = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
  return inside < BLOCKING_MS ? 0 : inside - BLOCKING_MS;
}

function printHalf(label: string, estimate: Estimate, from: number, to: number) {
  console.log(`  ${label} half: counted from ${from.toFixed(0)} to ${to.toFixed(0)} ms`);
  const tasks = [...estimate.nodeTimings]
    .filter(([node]) => node.type === 'cpu')
    .sort((a, b) => a[1].startTime - b[1].startTime);
  let sum = 0;
  for (const [node, timing] of tasks) {
    const blocking = blockingIn(timing, from, to);
    sum += blocking;
    if (timing.duration < SHOWN_MS) continue;
    console.log(
      `    at ${timing.startTime.toFixed(0).padStart(5)}  simulated ${timing.duration.toFixed(0).padStart(4)}  observed ${(node.duration / 1000).toFixed(1).padStart(5)}  blocking ${blocking.toFixed(0).padStart(4)}  ${held(node)}`,
    );
  }
  console.log(`    blocking in all: ${sum.toFixed(0)} ms`);
}

async function explain(reportFile: string) {
  const prefix = reportFile.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    configSettings: unknown;
    requestedUrl: string;
    mainDocumentUrl?: string;
    finalUrl?: string;
    finalDisplayedUrl: string;
    audits: Record<string, { numericValue?: number }>;
    environment?: { benchmarkIndex?: number };
  };
  const data = {
    trace: JSON.parse(readFileSync(`${prefix}-0.trace.json`, 'utf8')) as unknown,
    devtoolsLog: JSON.parse(readFileSync(`${prefix}-0.devtoolslog.json`, 'utf8')) as unknown,
    gatherContext: { gatherMode: 'navigation' },
    settings: report.configSettings,
    simulator: null,
    URL: {
      requestedUrl: report.requestedUrl,
      mainDocumentUrl: report.mainDocumentUrl ?? report.finalUrl,
      finalDisplayedUrl: report.finalDisplayedUrl,
    },
    SourceMaps: [],
  };
  const context = { computedCache: new Map() };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const interactive = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  console.log(
    `${reportFile}: TBT ${tbt.timing.toFixed(0)} ms (report: ${report.audits['total-blocking-time']?.numericValue?.toFixed(0)} ms) = mean of optimistic ${tbt.optimisticEstimate.timeInMs.toFixed(0)} and pessimistic ${tbt.pessimisticEstimate.timeInMs.toFixed(0)}; benchmarkIndex ${report.environment?.benchmarkIndex ?? '—'}`,
  );
  printHalf(
    'optimistic',
    tbt.optimisticEstimate,
    fcp.pessimisticEstimate.timeInMs,
    interactive.optimisticEstimate.timeInMs,
  );
  printHalf(
    'pessimistic',
    tbt.pessimisticEstimate,
    fcp.optimisticEstimate.timeInMs,
    interactive.pessimisticEstimate.timeInMs,
  );
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: npm run lighthouse:tasks -w @torque/bench -- <report.json> …');
  process.exit(2);
}
for (const file of files) await explain(file);

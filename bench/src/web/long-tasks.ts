import type { Browser, BrowserContext } from 'playwright-core';
import { VIEWPORTS } from './first-load.ts';
import type { SourceNamer } from './source-names.ts';

/**
 * Where a page's main-thread time goes while it loads: a Chromium performance trace (DevTools'
 * timeline categories and V8's sampling profiler) of one cold load with the CPU slowed down
 * `cpuSlowdown` times, its long tasks (over 50 ms: what Total Blocking Time counts) and what
 * each one ran — rendering work by kind, script time by the source it was in.
 */
export interface LongTask {
  /** ms after navigation start. */
  startMs: number;
  durationMs: number;
  /** The part over 50 ms: what Total Blocking Time adds up. */
  blockingMs: number;
  /** What started it: "module evaluation", "callback", "navigation", "style/layout/paint"… */
  kind: string;
  /** What ran in it, biggest first: "react-dom 80", "layout 30", "zod 25". */
  parts: { what: string; ms: number }[];
  /** The script stacks it spent most time in (outermost first), with their ms. */
  stacks: { stack: string; ms: number }[];
  /**
   * The app's components (or hooks) it spent most time under, with their ms: for each sample the
   * innermost frame of web/src outside lib/, so a render task says which parts of the page it drew.
   */
  components: { stack: string; ms: number }[];
}

/** Samples under no such frame: the framework's own work (Preact's diff, a timer, the router). */
const NO_COMPONENT = '(no component: library code)';

/** The innermost web/src frame outside lib/ and the entry in a stack printed outermost first. */
function innermostComponent(frames: string[]): string {
  return frames.filter((f) => /web\/src\//.test(f) && !/web\/src\/(lib\/|app\/main)/.test(f)).pop() ?? NO_COMPONENT;
}

export interface PageTrace {
  path: string;
  cpuSlowdown: number;
  fcpMs: number | null;
  lcpMs: number | null;
  longTasks: LongTask[];
  /** Sum of the blocking parts of the long tasks that start after the first contentful paint. */
  blockingAfterFcpMs: number;
  /** Main-thread time in tasks from navigation start to the end of the trace. */
  busyMs: number;
  /**
   * Main-thread time in the trace's last `STILL_MS` (the page loaded, its idle work done, nobody
   * touching it): what an endless animation or poll costs. Should be 0.
   */
  stillBusyMs: number;
}

/**
 * The shortest task listed: 50 ms, what Total Blocking Time counts in a real browser. Lighthouse's
 * simulation keeps every task of 10 ms or more observed and multiplies it by the CPU slowdown, so
 * with the CPU at 1× `BENCH_TRACE_TASK_MS=10` lists what it will count.
 */
const LONG_TASK_MS = Number(process.env.BENCH_TRACE_TASK_MS ?? 50);

/** The quiet end of each trace, after the load and its idle-time work. */
const STILL_MS = 3000;

interface CallFrame {
  functionName: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & {
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      /** Each sample's position in its script, 1-based (0: none). */
      lines?: number[];
      columns?: number[];
    };
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'loading',
  'blink.user_timing',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

/** How many frames from the outermost a printed stack shows: enough to see which code started the work. */
const STACK_DEPTH = 8;

/** Chromium's top-level main-thread task (the inner ThreadControllerImpl::RunTask is the same task). */
const TASK = 'RunTask';

/** A trace Chromium recorded without the page's navigationStart (as Lighthouse's NO_NAVSTART): load again. */
class IncompleteTrace extends Error {}
const ATTEMPTS = 3;

/** A cookie the browser holds before the page loads (Playwright's shape). */
export type BrowserCookie = Parameters<BrowserContext['addCookies']>[0][number];

/** One cold load of `pagePath`, traced; loaded again (up to 3 times) when the trace came out incomplete. */
export async function traceLoad(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  names: SourceNamer,
  cpuSlowdown = 4,
  storage: Record<string, string> = {},
  cookies: BrowserCookie[] = [],
): Promise<PageTrace> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOnce(browser, baseUrl, pagePath, names, cpuSlowdown, storage, cookies);
    } catch (error) {
      if (!(error instanceof IncompleteTrace) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function traceOnce(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  names: SourceNamer,
  cpuSlowdown: number,
  storage: Record<string, string>,
  cookies: BrowserCookie[],
  settleMs = 3000,
): Promise<PageTrace> {
  const context = await browser.newContext(VIEWPORTS.mobile);
  // Someone signed in: the identity cookie (and the access token among `storage`).
  if (cookies.length) await context.addCookies(cookies);
  // What the browser kept from an earlier visit (a visitor's cart), there before the page's scripts run.
  if (Object.keys(storage).length)
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await browser.startTracing(page, { categories: CATEGORIES, screenshots: false });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
  // Work deferred to idle time (below-the-fold sections, prefetches) belongs to the load too;
  // then the page sits still for STILL_MS.
  await page.waitForTimeout(settleMs + STILL_MS);
  const buffer = await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return summarise(pagePath, cpuSlowdown, traceEvents, names);
}

/** The renderer main thread that loaded the page: the one with the document's navigationStart. */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number; navigationStart: number } {
  const mark = events.find(
    (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!mark) throw new IncompleteTrace('the trace has no navigationStart for the page');
  return { pid: mark.pid, tid: mark.tid, navigationStart: mark.ts };
}

/** Rendering work by trace event name; script time is told by the profiler's samples instead. */
const RENDERING: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  'Decode Image': 'image decode',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

/** Time spent in each rendering kind inside [from, to), nested events of the same kind counted once. */
function renderingTime(events: TraceEvent[]): Map<string, number> {
  const totals = new Map<string, number>();
  const openUntil = new Map<string, number>();
  for (const event of events) {
    const what = RENDERING[event.name];
    if (!what || event.ph !== 'X' || event.dur === undefined) continue;
    const end = event.ts + event.dur;
    const covered = openUntil.get(what) ?? 0;
    if (end <= covered) continue;
    totals.set(what, (totals.get(what) ?? 0) + (end - Math.max(event.ts, covered)) / 1000);
    openUntil.set(what, end);
  }
  return totals;
}

/** One profiler sample on the main thread: when, for how long, where it was and its stack. */
interface Sample {
  ts: number;
  ms: number;
  /** The innermost frame, at the sample's own line and column when the profiler gave them (0-based). */
  frame: CallFrame;
  stack: CallFrame[];
}

function samplesOf(events: TraceEvent[], main: { pid: number; tid: number }): Sample[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const ids: number[] = [];
  const deltas: number[] = [];
  const lines: number[] = [];
  const columns: number[] = [];
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile.id)) {
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    ids.push(...(chunk.args?.data?.cpuProfile?.samples ?? []));
    const data = chunk.args?.data;
    const count = data?.cpuProfile?.samples?.length ?? 0;
    deltas.push(...(data?.timeDeltas ?? []));
    lines.push(...(data?.lines ?? new Array<number>(count).fill(0)));
    columns.push(...(data?.columns ?? new Array<number>(count).fill(0)));
  }
  const stackOf = (id: number) => {
    const stack: CallFrame[] = [];
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
      stack.push(node.callFrame);
    return stack;
  };
  let ts = Number(profile.args?.data?.startTime ?? 0);
  const samples: Sample[] = [];
  ids.forEach((id, i) => {
    ts += deltas[i] ?? 0;
    const stack = stackOf(id);
    const leaf = stack[0] ?? { functionName: '(unknown)' };
    const at = lines[i] ? { lineNumber: lines[i]! - 1, columnNumber: Math.max(0, (columns[i] ?? 1) - 1) } : {};
    samples.push({ ts, ms: (deltas[i + 1] ?? 0) / 1000, frame: { ...leaf, ...at }, stack });
  });
  return samples;
}

/** Kinds of work a task can be started by, as the trace names their outermost event. */
const KINDS: Record<string, string> = {
  'DocumentLoader::CommitNavigation': 'navigation (new document, V8 context)',
  'v8.evaluateModule': 'module evaluation',
  EvaluateScript: 'script evaluation',
  TimerFire: 'timer',
  FireIdleCallback: 'idle callback',
  FireAnimationFrame: 'animation frame',
  EventDispatch: 'event',
  FunctionCall: 'callback (message, promise or fetch)',
  RunMicrotasks: 'promise callbacks',
  ParseHTML: 'HTML parser',
  ParseAuthorStyleSheet: 'stylesheet',
  UpdateLayoutTree: 'style/layout/paint',
  Layout: 'style/layout/paint',
  Paint: 'style/layout/paint',
};

/** What a task was started by: the longest of the events inside it that name a kind of work. */
function kindOf(inside: TraceEvent[]): string {
  const longest = inside
    .filter((e) => KINDS[e.name] !== undefined && e.dur !== undefined)
    .sort((a, b) => b.dur! - a.dur!)[0];
  return longest ? KINDS[longest.name]! : 'other';
}

export function summarise(pagePath: string, cpuSlowdown: number, events: TraceEvent[], names: SourceNamer): PageTrace {
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const samples = samplesOf(events, main);
  const since = (ts: number) => (ts - main.navigationStart) / 1000;
  const lastMark = (name: string) => {
    const found = onMain.filter((e) => e.name === name && e.ts >= main.navigationStart);
    return found.length ? Math.round(since(found.at(-1)!.ts)) : null;
  };
  const fcpMs = lastMark('firstContentfulPaint');
  const lcpMs = lastMark('largestContentfulPaint::Candidate');
  const tasks = onMain.filter(
    (e) => e.name === TASK && e.ph === 'X' && e.dur !== undefined && e.ts >= main.navigationStart,
  );
  const stillFrom = events.reduce((last, e) => Math.max(last, e.ts), 0) - STILL_MS * 1000;
  const longTasks = tasks
    .filter((task) => task.dur! > LONG_TASK_MS * 1000)
    .map((task): LongTask => {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const totals = renderingTime(inside);
      const stacks = new Map<string, number>();
      const components = new Map<string, number>();
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts >= end) continue;
        const what = names.nameOf(sample.frame, sample.stack);
        if (what === null) continue;
        totals.set(what, (totals.get(what) ?? 0) + sample.ms);
        const frames = sample.stack.filter((f) => f.url).reverse();
        const stack = frames
          .slice(0, STACK_DEPTH)
          .map((f) => names.frameOf(f))
          .join(' → ');
        stacks.set(stack, (stacks.get(stack) ?? 0) + sample.ms);
        const component = innermostComponent(frames.map((f) => names.frameOf(f)));
        components.set(component, (components.get(component) ?? 0) + sample.ms);
      }
      const durationMs = task.dur! / 1000;
      const named = [...totals.values()].reduce((a, b) => a + b, 0);
      if (durationMs - named >= 1) totals.set('other (browser)', durationMs - named);
      return {
        startMs: Math.round(since(task.ts)),
        durationMs: Math.round(durationMs),
        blockingMs: Math.round(durationMs - 50),
        kind: kindOf(inside),
        parts: [...totals]
          .map(([what, ms]) => ({ what, ms: Math.round(ms) }))
          .filter((p) => p.ms >= 1)
          .sort((a, b) => b.ms - a.ms),
        stacks: [...stacks]
          .map(([stack, ms]) => ({ stack, ms: Math.round(ms) }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3),
        components: [...components]
          .map(([stack, ms]) => ({ stack, ms: Math.round(ms) }))
          .filter((c) => c.ms >= 1)
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 8),
      };
    });
  return {
    path: pagePath,
    cpuSlowdown,
    fcpMs,
    lcpMs,
    longTasks,
    blockingAfterFcpMs:
      fcpMs === null ? NaN : longTasks.filter((t) => t.startMs >= fcpMs).reduce((sum, t) => sum + t.blockingMs, 0),
    busyMs: Math.round(tasks.reduce((sum, t) => sum + t.dur!, 0) / 1000),
    stillBusyMs: Math.round(tasks.filter((t) => t.ts >= stillFrom).reduce((sum, t) => sum + t.dur!, 0) / 1000),
  };
}

/** Under each task: nothing, its busiest script stacks, or the app components it drew. */
export type TaskDetail = 'none' | 'stacks' | 'components';

export function formatTrace(trace: PageTrace, stacks: TaskDetail = 'none'): string {
  const lines = [
    `${trace.path} (CPU ${trace.cpuSlowdown}× slower): FCP ${trace.fcpMs ?? '—'} ms · LCP ${trace.lcpMs ?? '—'} ms · main thread busy ${trace.busyMs} ms (${trace.stillBusyMs} ms in the last ${STILL_MS / 1000} s, the page still) · ${trace.longTasks.length} long task(s) · blocking after FCP ${trace.blockingAfterFcpMs} ms`,
  ];
  for (const task of trace.longTasks) {
    const parts = task.parts
      .slice(0, 6)
      .map((p) => `${p.what} ${p.ms}`)
      .join(' · ');
    lines.push(`  ${task.startMs} ms: ${task.durationMs} ms (${task.blockingMs} over 50), ${task.kind}: ${parts}`);
    const shown = stacks === 'stacks' ? task.stacks : stacks === 'components' ? task.components : [];
    for (const { stack, ms } of shown) lines.push(`      ${ms} ms in ${stack}`);
  }
  return lines.join('\n');
}

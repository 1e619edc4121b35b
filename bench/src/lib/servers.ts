import { execFileSync, type ChildProcess } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstLine, startChild, stopChild } from './processes.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** What `npm start` runs: the server bundled by `server/build.ts`. */
const PRODUCTION_ENTRY = path.join(repoRoot, 'server/dist/main.mjs');
/** The TypeScript sources (`npm run dev`, the tests): profiles name each package's files. */
const SOURCE_ENTRY = path.join(repoRoot, 'server/src/main.ts');

let built = false;
/** Builds the bundle when it is missing or older than its sources, once per run, as `npm start` does. */
function ensureBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(repoRoot, 'server/build.ts'), '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  built = true;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface AppServerOptions {
  env: Record<string, string>;
  logFile: string;
  /** Polled until it answers 200: the moment the server is useful. */
  readyPath?: string;
  /** Extra flags for node, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** `production` (default): the bundle `npm start` runs; `sources`: server/src/main.ts. */
  entry?: 'production' | 'sources';
}

/**
 * The real server as its own process, by default the production bundle (what `npm start`
 * runs, built first if stale), and the time from spawning it to its first 200.
 */
export async function startAppServer(
  options: AppServerOptions,
): Promise<RunningServer & { startToFirst200Ms: number }> {
  const sources = options.entry === 'sources';
  if (!sources) ensureBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = startChild(
    process.execPath,
    [...(options.nodeFlags ?? []), sources ? SOURCE_ENTRY : PRODUCTION_ENTRY],
    {
      cwd: repoRoot,
      env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
      stdio: ['ignore', log, log],
    },
  );
  const readyUrl = `${url}${options.readyPath ?? '/api/parts'}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${options.logFile}`);
    const status = await fetch(readyUrl).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > 120_000)
      throw new Error(`the server did not answer 200 within 120 s; see ${options.logFile}`);
    await sleep(5);
  }
  const startToFirst200Ms = performance.now() - started;
  return { url, process: child, startToFirst200Ms, stop: () => stopChild(child) };
}

/** Bare `node:http` serving `body` from memory, in its own process. */
export async function startBaselineServer(
  body: Buffer,
  bodyFile: string,
  contentType = 'application/json; charset=utf-8',
): Promise<RunningServer> {
  writeFileSync(bodyFile, body);
  const child = startChild(
    process.execPath,
    [path.join(import.meta.dirname, 'baseline-server.ts'), bodyFile, contentType],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = Number(await firstLine(child));
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => stopChild(child) };
}

import { execFileSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, stopProcess } from '@torque/testkit';
import { firstLine, startChild } from './processes.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * What `npm start` runs: the server bundled by `server/build.ts`. BENCH_SERVER_BUNDLE names
 * another build instead (an older commit's, for a before-and-after in one run), used as it is.
 */
const OTHER_BUNDLE = process.env.BENCH_SERVER_BUNDLE;
const PRODUCTION_ENTRY = OTHER_BUNDLE ?? path.join(repoRoot, 'server/dist/main.mjs');
/** The TypeScript sources (`npm run dev`, the tests): profiles name each package's files. */
const SOURCE_ENTRY = path.join(repoRoot, 'server/src/main.ts');

let built = false;
/** Builds the bundle when it is missing or older than its sources, once per run, as `npm start` does. */
function ensureBuilt(): void {
  if (built || OTHER_BUNDLE) return;
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
 * The real server as its own process (@torque/testkit's startServer), by default the
 * production bundle (what `npm start` runs, built first if stale), and the time from spawning
 * it to its first 200.
 */
export async function startAppServer(
  options: AppServerOptions,
): Promise<RunningServer & { startToFirst200Ms: number }> {
  const sources = options.entry === 'sources';
  if (!sources) ensureBuilt();
  const server = await startServer({
    baseEnv: 'inherit',
    env: (url) => ({ ...options.env, PUBLIC_URL: url }),
    script: sources ? SOURCE_ENTRY : PRODUCTION_ENTRY,
    nodeFlags: options.nodeFlags,
    logFile: options.logFile,
    appendLog: true,
    readyPath: options.readyPath ?? '/api/parts',
    readyWithinMs: 120_000,
    pollMs: 5,
  });
  return {
    url: server.url,
    process: server.process,
    startToFirst200Ms: server.startToReadyMs,
    stop: () => server.stop(),
  };
}

/**
 * Bare `node:http` serving `body` from memory, in its own process; with `framework: 'fastify'`,
 * Fastify alone (no plugin, hook or logger) doing the same (baseline-fastify.ts).
 */
export async function startBaselineServer(
  body: Buffer,
  bodyFile: string,
  contentType = 'application/json; charset=utf-8',
  framework: 'node:http' | 'fastify' = 'node:http',
): Promise<RunningServer> {
  writeFileSync(bodyFile, body);
  const script = framework === 'fastify' ? 'baseline-fastify.ts' : 'baseline-server.ts';
  const child = startChild(process.execPath, [path.join(import.meta.dirname, script), bodyFile, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = Number(await firstLine(child));
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => stopProcess(child, 10_000) };
}

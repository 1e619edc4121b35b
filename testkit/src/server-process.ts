import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eventually } from './eventually.ts';
import { freePort } from './free-port.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The server from its sources: what the tests and `npm run dev` run. */
export const SERVER_MAIN = path.join(REPO_ROOT, 'server/src/main.ts');

/** A server process a suite or a benchmark started: real HTTP on a port of its own. */
export interface ServerProcess {
  url: string;
  port: number;
  process: ChildProcess;
  /** From spawning it to the first 200 of the ready path. */
  startToReadyMs: number;
  /** The last lines the process wrote, for a failure message. */
  logs(): string;
  /** False once the process has exited, for whatever reason. */
  alive(): boolean;
  /** `kill -9`: no shutdown hooks, no flush, no goodbye. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown a deploy does (SIGKILL if it takes longer than `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

export interface StartServerOptions {
  /** The server's settings. A function gets the URL first (for PUBLIC_URL). */
  env?: Record<string, string> | ((url: string) => Record<string, string>);
  /**
   * `clean` (default): nothing but PATH and HOME, so the runner's own variables
   * (NODE_TEST_CONTEXT, NODE_OPTIONS, a developer's DATABASE_URL) cannot leak in. `inherit`:
   * the caller's environment with NODE_OPTIONS cleared, under `env`.
   */
  baseEnv?: 'clean' | 'inherit';
  /** The entry to run with this Node (default: server/src/main.ts); e.g. the production bundle. */
  script?: string;
  /** Extra flags for node, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  cwd?: string;
  /** Where the process writes; without one its last lines are kept in memory. */
  logFile?: string;
  /** Append to `logFile` instead of starting it afresh. */
  appendLog?: boolean;
  /** Polled until it answers 200: the moment the server is useful (default /api/health). */
  readyPath?: string;
  /**
   * A hang bound, not a speed check (default 180 s): polling ends at the first 200 or when the
   * process exits. A start that takes ~10 s on a quiet machine took over 60 s with the server
   * suite and the e2e suite sharing 2 busy cores.
   */
  readyWithinMs?: number;
  pollMs?: number;
}

/** Every child still alive, so an aborted run never leaves a server behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function keepTail(lines: string[], max: number) {
  return (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > max) lines.splice(0, lines.length - max);
  };
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it is gone. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const overdue = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(overdue);
}

/** Stops every server this process started and has not stopped yet. */
export async function stopAllServers(graceMs = 3_000): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child, graceMs)));
}

function environment(options: StartServerOptions, port: number, url: string): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv =
    options.baseEnv === 'inherit'
      ? { ...process.env, NODE_OPTIONS: '' }
      : {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          NODE_ENV: 'test',
          // Shared by every server a suite starts, so tokens one issues the others accept.
          AUTH_SECRET: 'testkit-server-secret-0123456789abcdef',
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: path.join(os.tmpdir(), 'torque-no-web-dist'),
        };
  const env = typeof options.env === 'function' ? options.env(url) : (options.env ?? {});
  return { ...base, ...env, HOST: '127.0.0.1', PORT: String(port) };
}

/**
 * Starts the server (`server/src/main.ts` or `options.script`) on the Node that runs the caller
 * (Node 24 through npm) on a free port, and waits until the ready path answers 200. The server
 * migrates and seeds its own database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const log = options.logFile ? openSync(options.logFile, options.appendLog ? 'a' : 'w') : undefined;
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), options.script ?? SERVER_MAIN], {
    cwd: options.cwd ?? REPO_ROOT,
    env: environment(options, port, url),
    stdio: ['ignore', log ?? 'pipe', log ?? 'pipe'],
  });
  if (log !== undefined) closeSync(log);
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.on('data', keepTail(lines, 200));
  child.stderr?.on('data', keepTail(lines, 200));

  const logs = () => {
    if (!options.logFile) return lines.join('\n');
    try {
      return readFileSync(options.logFile, 'utf8').split('\n').slice(-200).join('\n');
    } catch {
      return '(no server log)';
    }
  };
  const server: ServerProcess = {
    url,
    port,
    process: child,
    startToReadyMs: 0,
    logs,
    alive: () => !hasExited(child),
    async kill() {
      if (hasExited(child)) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    stop: (graceMs = 15_000) => stopProcess(child, graceMs),
  };
  try {
    await waitUntilReady(server, `${url}${options.readyPath ?? '/api/health'}`, options);
  } catch (error) {
    await server.kill();
    throw error;
  }
  server.startToReadyMs = performance.now() - started;
  return server;
}

async function waitUntilReady(server: ServerProcess, readyUrl: string, options: StartServerOptions): Promise<void> {
  const timeoutMs = options.readyWithinMs ?? 180_000;
  const child = server.process;
  try {
    await eventually(
      `the server to answer 200 at ${readyUrl}`,
      async () => {
        if (hasExited(child)) {
          throw new Error(
            `server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${server.logs()}`,
          );
        }
        const status = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        );
        return status === 200;
      },
      { timeoutMs, intervalMs: options.pollMs ?? 100 },
    );
  } catch (error) {
    if (hasExited(child)) throw error;
    throw new Error(`${(error as Error).message}:\n${server.logs() || '(it wrote nothing)'}`, { cause: error });
  }
}

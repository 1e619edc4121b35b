import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../helpers/free-port.ts';

const mainScript = path.resolve(import.meta.dirname, '../../src/main.ts');

export const AUTH_SECRET = 'resilience-suite-secret-0123456789abcdef';

/** A server process the suite started: real HTTP on a port of its own. */
export interface ServerProcess {
  url: string;
  /** The last lines the process wrote, for a failure message. */
  logs(): string;
  /** False once the process has exited, for whatever reason. */
  alive(): boolean;
  /** `kill -9`: no shutdown hooks, no flush, no goodbye. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown a deploy does (SIGKILL if it takes longer than the server's own 10 s grace). */
  stop(): Promise<void>;
}

/** Every child still alive, so an aborted suite never leaves a server behind. */
const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/**
 * The server's environment, built from nothing but PATH and HOME: the test runner's own
 * variables (NODE_TEST_CONTEXT, NODE_OPTIONS, a developer's DATABASE_URL) must not leak in.
 */
function serverEnv(port: number, env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'torque-no-web-dist'),
    ...env,
  };
}

function keepTail(lines: string[], max: number) {
  return (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > max) lines.splice(0, lines.length - max);
  };
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await once(child, 'exit');
}

/**
 * Starts `server/src/main.ts` (or `options.script`, e.g. the production bundle) on the Node that
 * runs the tests (Node 24 through npm), which migrates and seeds its database, and waits until
 * `/api/health` answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  options: { readyWithinMs?: number; script?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [options.script ?? mainScript], {
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  child.once('exit', () => alive.delete(child));
  const lines: string[] = [];
  child.stdout.on('data', keepTail(lines, 200));
  child.stderr.on('data', keepTail(lines, 200));
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    logs: () => lines.join('\n'),
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const overdue = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(overdue);
    },
  };
  try {
    await waitUntilHealthy(server, child, options.readyWithinMs ?? 60_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

async function waitUntilHealthy(server: ServerProcess, child: ChildProcess, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${server.logs()}`);
    }
    const status = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`server not healthy within ${withinMs} ms:\n${server.logs()}`);
}

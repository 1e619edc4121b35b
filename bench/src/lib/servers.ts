import type { ChildProcess } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstLine, startChild, stopChild } from './processes.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

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
}

/**
 * The real server, `server/src/main.ts`, as its own process (the same command `npm start`
 * runs), and the time from spawning it to its first 200.
 */
export async function startAppServer(options: AppServerOptions): Promise<RunningServer & { startToFirst200Ms: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = startChild(process.execPath, [...(options.nodeFlags ?? []), path.join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', log, log],
  });
  const readyUrl = `${url}${options.readyPath ?? '/api/parts'}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${options.logFile}`);
    const status = await fetch(readyUrl).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (performance.now() - started > 120_000) throw new Error(`the server did not answer 200 within 120 s; see ${options.logFile}`);
    await sleep(5);
  }
  const startToFirst200Ms = performance.now() - started;
  return { url, process: child, startToFirst200Ms, stop: () => stopChild(child) };
}

/** Bare `node:http` serving `body` from memory, in its own process. */
export async function startBaselineServer(body: Buffer, bodyFile: string, contentType = 'application/json; charset=utf-8'): Promise<RunningServer> {
  writeFileSync(bodyFile, body);
  const child = startChild(process.execPath, [path.join(import.meta.dirname, 'baseline-server.ts'), bodyFile, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = Number(await firstLine(child));
  return { url: `http://127.0.0.1:${port}`, process: child, stop: () => stopChild(child) };
}

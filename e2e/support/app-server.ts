import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT, SERVER_LOG } from './paths.ts';

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

const SERVER_MAIN = path.join(REPO_ROOT, 'server/src/main.ts');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the real server from its sources (`server/src/main.ts`, the entry `npm start` bundles;
 * server/test/production-build.test.ts checks the bundle itself) on a free port
 * with a fresh embedded database in a temporary DATA_DIR, and waits for GET /api/health.
 * Its log goes to artifacts/server.log.
 */
export async function startAppServer(
  settings: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-e2e-'));
  const log = openSync(options.logFile ?? SERVER_LOG, 'w');
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: serverEnvironment({ ...settings, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir }),
    stdio: ['ignore', log, log],
  });
  closeSync(log);

  const stop = async () => {
    await terminate(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * The caller's environment minus anything that would point the server elsewhere: a
 * DATABASE_URL or REDIS_URL of the shell must not replace the fresh embedded database, and
 * the test runner's NODE_OPTIONS (its TypeScript loader) are not the server's.
 */
function serverEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: '',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    REDIS_URL: '',
    AUTH_SECRET: '',
    TRUST_PROXY: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
    WEB_DIST_DIR: path.join(REPO_ROOT, 'web/dist'),
    ...settings,
  };
}

/** Asks the OS for a port nobody listens on (the server needs it up front for PUBLIC_URL). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${logTail()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer GET /api/health within ${START_TIMEOUT_MS / 1000} s:\n${logTail()}`);
}

/** SIGTERM lets the server close the database cleanly; SIGKILL if it hangs. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function logTail(): string {
  try {
    return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no server log)';
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@torque/testkit';
import { REPO_ROOT, SERVER_LOG } from './paths.ts';

export interface AppServer {
  url: string;
  /** The server's DATA_DIR: without SMTP_URL its e-mail is written to `mail/` in it as .eml files. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server from its sources (`server/src/main.ts`, the entry `npm start` bundles;
 * server/test/production-build.test.ts checks the bundle itself) through the test kit, on a
 * free port with a fresh embedded database in a temporary DATA_DIR, and waits for
 * GET /api/health. Its log goes to artifacts/server.log.
 */
export async function startAppServer(
  settings: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-e2e-'));
  try {
    const server = await startServer({
      // The caller's environment minus anything that would point the server elsewhere: a
      // DATABASE_URL or REDIS_URL of the shell must not replace the fresh embedded database.
      baseEnv: 'inherit',
      env: (url) => ({
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
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
      }),
      logFile: options.logFile ?? SERVER_LOG,
      pollMs: 200,
    });
    return {
      url: server.url,
      dataDir,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startServer } from '@torque/testkit';
import { repoRoot } from '../lib/servers.ts';
import { serverEnv } from './run-database.ts';
import { readSettings } from './settings.ts';

/**
 * One server of the part-number benchmarks (numbers-search.ts, numbers-import.ts) on
 * `databaseUrl`: `bundle`, or this checkout's production bundle (built if stale), or with
 * `profileDir` this checkout's TypeScript sources under `node --cpu-prof`. `env` is added to the
 * benchmark's server environment.
 */
export function startNumbersServer(options: {
  bundle: string | undefined;
  databaseUrl: string;
  workDir: string;
  label: string;
  profileDir?: string | undefined;
  env?: Record<string, string>;
}) {
  const { bundle, profileDir } = options;
  if (!bundle && !profileDir)
    execFileSync(process.execPath, [path.join(repoRoot, 'server/build.ts'), '--if-stale'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  return startServer({
    baseEnv: 'inherit',
    env: (url) => ({
      ...serverEnv(readSettings(), path.join(options.workDir, options.label), options.databaseUrl),
      ...options.env,
      PUBLIC_URL: url,
    }),
    script: profileDir
      ? path.join(repoRoot, 'server/src/main.ts')
      : (bundle ?? path.join(repoRoot, 'server/dist/main.mjs')),
    ...(profileDir ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    logFile: path.join(options.workDir, `${options.label}.log`),
    appendLog: true,
    readyPath: '/api/health',
    readyWithinMs: 120_000,
  });
}

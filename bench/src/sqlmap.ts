/**
 * `npm run bench:sqlmap`: Debian's sqlmap against every API route that takes a parameter (path,
 * query string, JSON body), as the caller each route expects, on a server of its own (embedded
 * database in a temporary folder). Prints a table, keeps sqlmap's logs under bench/results/, and
 * rewrites the sqlmap section of docs/SECURITY.md. Exits 1 if anything is injectable or a route
 * could not be tested, 2 if sqlmap is not installed (nothing is installed at run time).
 *
 * SQLMAP_LEVEL / SQLMAP_RISK (default 3 / 2) deepen the scan; SQLMAP_ONLY=<text> runs the
 * routes whose name contains it, without touching docs/SECURITY.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopAllChildren } from './lib/processes.ts';
import { repoRoot, startAppServer } from './lib/servers.ts';
import { accessToken, makeFixtures, type Fixtures } from './sqlmap/fixtures.ts';
import { consoleReport, markdownReport, securityDoc, writeSecuritySection } from './sqlmap/report.ts';
import { scan, sqlmapVersion, type ScanResult, type ScanSettings } from './sqlmap/run-sqlmap.ts';
import { targets, type Target } from './sqlmap/targets.ts';

const version = sqlmapVersion();
if (!version) {
  console.error(
    'sqlmap is not installed. Install it (Debian/Ubuntu) with:\n\n    apt-get install -y sqlmap\n\nthen run `npm run bench:sqlmap` again.',
  );
  process.exit(2);
}

const ADMIN = 'admin@sqlmap.test';
const only = process.env.SQLMAP_ONLY;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const settings: ScanSettings = {
  level: Number(process.env.SQLMAP_LEVEL ?? 3),
  risk: Number(process.env.SQLMAP_RISK ?? 2),
  outputDir: path.join(repoRoot, 'bench/results', `sqlmap-${stamp}`),
};
mkdirSync(settings.outputDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-sqlmap-'));

async function cleanUp(): Promise<void> {
  await stopAllChildren();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** sqlmap's arguments for a target's caller; tokens are fetched fresh, since a full run outlives one. */
async function callerArgs(baseUrl: string, target: Target, f: Fixtures): Promise<string[]> {
  if (target.as === 'anonymous') return [];
  if (target.as === 'session') return ['--cookie', f.customer.cookie];
  return ['-H', `Authorization: Bearer ${await accessToken(baseUrl, target.as === 'admin' ? f.admin : f.customer)}`];
}

let exitCode = 0;
try {
  const server = await startAppServer({
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAILS: ADMIN,
      // sqlmap sends thousands of requests a minute from one address; the limits would answer most with 429.
      RATE_LIMIT_SCALE: '100000',
      LOG_LEVEL: 'warn',
    },
    logFile: path.join(settings.outputDir, 'server.log'),
    readyPath: '/api/health',
  });
  const fixtures = await makeFixtures(server.url, ADMIN);
  const selected = targets(fixtures).filter((t) => !only || t.route.includes(only));
  const results: ScanResult[] = [];
  for (const [i, target] of selected.entries()) {
    process.stdout.write(`[${i + 1}/${selected.length}] ${target.route} (${target.where}, as ${target.as}) … `);
    const logName = `${String(i + 1).padStart(2, '0')}-${target.route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
    const result = await scan(server.url, target, await callerArgs(server.url, target, fixtures), settings, logName);
    console.log(
      result.injectable.length
        ? `INJECTABLE: ${result.injectable.join('; ')}`
        : result.aborted
          ? `not tested: ${result.aborted}`
          : `${result.tested.length} points, not injectable (${result.seconds.toFixed(0)} s)`,
    );
    results.push(result);
  }
  const health = await fetch(`${server.url}/api/health`).then(
    (r) => r.status,
    () => 0,
  );
  console.log(`\n${consoleReport(results)}\n\nserver health after the scan: ${health}`);
  writeFileSync(
    path.join(settings.outputDir, 'summary.json'),
    JSON.stringify({ version, settings, health, results }, null, 2),
  );
  if (!only) {
    writeSecuritySection(markdownReport(results, settings, version, 'PGlite (embedded PostgreSQL)'));
    console.log(`rewrote the sqlmap section of ${path.relative(repoRoot, securityDoc)}`);
  }
  console.log(`sqlmap logs: ${path.relative(repoRoot, settings.outputDir)}`);
  if (results.some((r) => r.injectable.length || r.aborted) || health !== 200) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { FITMENT_CSV_COLUMNS, FITMENT_IMPORT_MAX_LINES } from '@torque/contract';
import { createScratchDatabase, type ApiUser, type ServerProcess, signUp, startServer } from '@torque/testkit';
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 24, point 8: the fitment import counted its lines only after csv-parse had built a
 * record for every one, so a 20 MB file of short lines cost gigabytes. Now it counts while it
 * parses and stops at the cap with a 400. Proven on a server process whose heap is capped at
 * 384 MB (it dies of an out-of-memory error otherwise), with its peak resident memory read from
 * /proc before and after.
 */
const HEADER = FITMENT_CSV_COLUMNS.join(',');
const HEAP_CAP_MB = 384;
const ADMIN = 'import-admin@import-limits.test';

/** A file just under the 20 MB import limit made of `line`s after the header. */
const fileOf = (line: string) => `${HEADER}\n${line.repeat(Math.floor((19.5 * 1024 * 1024) / line.length))}`;

/** The process's peak resident set (VmHWM) in MB, as Linux counts it. */
function peakMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function serverOn(kind: DatabaseKind): Promise<{ server: ServerProcess; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-import-limits-'));
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL!, { label: 'import-limits' })
      : undefined;
  const server = await startServer({
    nodeFlags: [`--max-old-space-size=${HEAP_CAP_MB}`],
    env: { DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, ...(scratch && { DATABASE_URL: scratch.url }) },
  });
  return {
    server,
    async cleanup() {
      await server.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

for (const kind of databaseKinds()) {
  describe(`the fitment import stops reading at its cap (${kind})`, () => {
    let target: Awaited<ReturnType<typeof serverOn>>;
    let admin: ApiUser;
    before(async () => {
      target = await serverOn(kind);
      admin = await signUp(target.server.url, ADMIN);
    });
    after(() => target?.cleanup());

    for (const [what, line] of [
      ['short lines', 'x\n'],
      ['lines that are not CSV', '"a"b\n'],
    ] as const) {
      test(`a 20 MB file of ${what} is a 400 within a bounded heap`, async (tc) => {
        const { server } = target;
        const body = fileOf(line);
        const before = peakMb(server.process.pid!);
        const started = performance.now();
        const res = await fetch(`${server.url}/api/fitment/import?dryRun=true`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
          body,
          signal: AbortSignal.timeout(120_000),
        }).catch((error: unknown) =>
          assert.fail(`no answer (${String(error)}); the server's last lines:\n${server.logs()}`),
        );
        const text = await res.text();
        const ms = performance.now() - started;
        assert.equal(res.status, 400, text.slice(0, 300));
        const error = (JSON.parse(text) as { error: { code: string; message: string } }).error;
        assert.match(error.message, /at most 200,000 lines/);
        assert.ok(server.alive(), 'the server is still up');
        const grew = peakMb(server.process.pid!) - before;
        tc.diagnostic(
          `${(body.length / 1024 / 1024).toFixed(1)} MB, ${body.split('\n').length - 1} lines: 400 in ${ms.toFixed(0)} ms, ` +
            `peak RSS +${grew.toFixed(0)} MB over the server's own (heap capped at ${HEAP_CAP_MB} MB)`,
        );
        assert.ok(grew < 300, `peak resident memory grew by ${grew.toFixed(0)} MB`);
        const health = await fetch(`${server.url}/api/health`);
        assert.equal(health.status, 200);
      });
    }
  });

  describe(`the import's cap, line for line (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
    });
    after(() => t?.close());
    const dryRun = async (lines: number) =>
      t.inject(
        {
          method: 'POST',
          url: '/api/fitment/import?dryRun=true',
          headers: { 'content-type': 'text/csv' },
          payload: `${HEADER}\n${'x\n'.repeat(lines)}`,
        },
        await t.admin(),
      );

    test(`${FITMENT_IMPORT_MAX_LINES.toLocaleString('en')} lines are read and checked; one more is a 400`, async () => {
      const atCap = await dryRun(FITMENT_IMPORT_MAX_LINES);
      assert.equal(atCap.statusCode, 200, atCap.body.slice(0, 300));
      const check = atCap.json() as { valid: number; errorCount: number; errors: { line: number }[] };
      assert.equal(check.errorCount, FITMENT_IMPORT_MAX_LINES);
      assert.equal(check.errors.length, 100);
      const over = await dryRun(FITMENT_IMPORT_MAX_LINES + 1);
      assert.equal(over.statusCode, 400, over.body.slice(0, 300));
      assert.match(errorOf(over).message, /at most 200,000 lines/);
    });
  });
}

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/databases.ts';

/**
 * Issue 24, point 5: the request log (one line per request at info) must not write secrets that
 * travel in addresses: the e-mailed reset link's token, an OAuth callback's code and state, or
 * any `token`, `code` or `state` parameter. Other query parameters stay readable.
 */
const SECRET = 'Sup3rSecretValue';

for (const kind of databaseKinds()) {
  describe(`the request log writes no secrets from addresses (${kind})`, () => {
    let db: TestDatabase;
    let app: FastifyInstance;
    const output: string[] = [];
    const lines = () =>
      output
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);

    before(async () => {
      db = await createTestDatabase(kind);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'torque-log-')),
        AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(os.tmpdir(), 'torque-no-web-dist'),
      });
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          output.push(chunk.toString());
          done();
        },
      });
      app = await buildApp({ config, database: db.database, logStream });
    });
    after(async () => {
      await app?.close();
      await db?.drop();
    });

    test('reset tokens, OAuth codes and states are redacted; other parameters are kept', async () => {
      const urls = [
        `/reset-password?token=${SECRET}1&email=ann%40example.com`,
        `/api/auth/reset-password/${SECRET}2?callbackURL=%2Freset-password`,
        `/api/auth/oauth2/callback/google?code=${SECRET}3&state=${SECRET}4`,
        `/api/auth/callback/google?state=${SECRET}5&code=${SECRET}6`,
        `/api/anything?TOKEN=${SECRET}7&q=brake`,
        `/api/parts?q=brake&access_token=${SECRET}8`,
      ];
      for (const url of urls) await app.inject({ method: 'GET', url });
      await app.inject({ method: 'GET', url: '/api/parts?q=disc&limit=2' });

      const text = output.join('');
      for (let i = 1; i <= 8; i++) assert.ok(!text.includes(`${SECRET}${i}`), `secret ${i} was logged:\n${text}`);
      const logged = lines()
        .filter((l) => l.msg === 'request')
        .map((l) => String(l.url));
      assert.equal(logged.length, urls.length + 1, text);
      assert.ok(logged.includes('/api/parts?q=disc&limit=2'), 'an ordinary query is logged as sent');
      assert.ok(logged.includes('/api/anything?TOKEN=[redacted]&q=brake'), logged.join('\n'));
      assert.ok(logged.includes('/reset-password?token=[redacted]&email=[redacted]'), logged.join('\n'));
      assert.ok(
        logged.includes('/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password'),
        logged.join('\n'),
      );
    });
  });
}

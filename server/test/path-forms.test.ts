import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { databaseKinds } from './helpers/databases.ts';
import { resetMailsTo } from './helpers/reset-mails.ts';
import { listenLocally, rawRequest, type RawAnswer } from './helpers/raw-http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 24, point 1: a path in any form but its plain one (`.`/`..` segments, `%2e`, encoded
 * slashes or backslashes, backslashes, doubled slashes) is answered 404 before routing, so every
 * rate limit and access rule sees the path it was written for. Sent through a real socket with
 * the path as typed (`curl --path-as-is`): app.inject resolves such paths before the app sees them.
 */

/** A page shell, so the SPA's history fallback answers as it does in production. */
function builtWebDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'torque-path-forms-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
  return dir;
}

function assertRefused(res: RawAnswer, said: string): void {
  assert.equal(res.status, 404, `${said}: ${res.status} ${res.body.slice(0, 200)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/, said);
  const body = JSON.parse(res.body) as { error?: { code?: string; message?: string } };
  assert.equal(body.error?.code, 'NOT_FOUND', said);
  assert.match(String(body.error?.message), /plain form/, said);
}

for (const kind of databaseKinds()) {
  describe(`paths are answered only in their plain form (${kind})`, () => {
    let t: TestApp;
    let port: number;
    before(async () => {
      t = await createTestApp(kind, { env: { RATE_LIMIT_SCALE: '1', WEB_DIST_DIR: builtWebDir() } });
      port = await listenLocally(t.app);
    });
    after(() => t?.close());

    test('a dot segment no longer walks around the password-reset limit', async () => {
      const victim = await t.signUp('reset-victim@path-forms.test');
      const ask = (form: string) =>
        rawRequest(port, { method: 'POST', path: form, body: { email: victim.email, redirectTo: '/reset-password' } });
      // The request, five times in a row: each was answered 200 and each sent an e-mail.
      for (let i = 0; i < 5; i++) assertRefused(await ask('/api/auth/./request-password-reset'), `try ${i + 1}`);
      for (const form of [
        '/api/auth/%2e/request-password-reset',
        '/api/auth/%2E/request-password-reset',
        '/api/auth/x/../request-password-reset',
        '/api/auth/x/%2e%2e/request-password-reset',
        '/api/auth/request-password-reset#',
      ])
        assertRefused(await ask(form), form);
      assert.equal(await resetMailsTo(t, victim.email), 0, 'no e-mail through any other form');
      // The plain path still works, under its limit of three a quarter-hour per account.
      for (let i = 0; i < 5; i++) assert.equal((await ask('/api/auth/request-password-reset')).status, 200);
      assert.equal(await resetMailsTo(t, victim.email), 3);
    });

    test('a dot segment no longer walks around the sign-in limit', async () => {
      const victim = await t.signUp('sign-in-victim@path-forms.test');
      const guess = (form: string) =>
        rawRequest(port, { method: 'POST', path: form, body: { email: victim.email, password: 'not-the-password' } });
      // The issue: 14 wrong passwords this way were 14 × 401, never a 429.
      for (let i = 0; i < 14; i++) assertRefused(await guess('/api/auth/./sign-in/email'), `guess ${i + 1}`);
      assertRefused(await guess('/api/auth/sign-in/./email'), 'a dot inside the endpoint');
      const plain: number[] = [];
      for (let i = 0; i < 11; i++) plain.push((await guess('/api/auth/sign-in/email')).status);
      assert.deepEqual(plain, [...Array<number>(10).fill(401), 429], 'the plain path counts ten, then stops');
    });

    test('every non-plain form of an API path is 404 before routing; the plain one answers', async () => {
      assert.equal((await rawRequest(port, { method: 'GET', path: '/api/health' })).status, 200);
      const forms = [
        '/api/./health',
        '/api/health/.',
        '/api/%2e/health',
        '/api/%2E%2E/api/health',
        '/api/parts/../health',
        '/api/parts/%2e%2e/health',
        '/api/parts/.%2e/health',
        '/api//health',
        '//api/health',
        '/api/health/',
        '/api%2fhealth',
        '/api%2Fhealth',
        '/api%5chealth',
        '/api%5Chealth',
        '/api\\health',
        '/api/h%65alth',
        '/api/health#fragment',
        'http://127.0.0.1/api/health',
      ];
      for (const form of forms) assertRefused(await rawRequest(port, { method: 'GET', path: form }), form);
      // Before any access rule: a protected route's other forms are 404, not 401.
      for (const form of ['/api/./orders', '/api//orders', '/api/orders/'])
        assertRefused(await rawRequest(port, { method: 'GET', path: form }), form);
    });

    test('query strings may hold encoded slashes and dots; path parameters may be encoded', async () => {
      const search = await rawRequest(port, { method: 'GET', path: '/api/parts?q=brake%2Fdisc%2F..%2F%2e&limit=5' });
      assert.equal(search.status, 200, search.body);
      const models = await rawRequest(port, { method: 'GET', path: '/api/vehicles/models?make=a%2F..%5Cb' });
      assert.equal(models.status, 200, models.body);
      // An e-mail address in the path, as the web encodes it: reaches its route (401 without a token).
      const admin = await rawRequest(port, { method: 'GET', path: '/api/admin/someone%40path-forms.test' });
      assert.equal(admin.status, 401, admin.body);
    });

    test('the single-page app is served only at plain paths too', async () => {
      const page = await rawRequest(port, { method: 'GET', path: '/dashboard/my-orders' });
      assert.equal(page.status, 200);
      assert.match(page.body, /shell/);
      for (const form of [
        '/dashboard/../login',
        '/./login',
        '/%2e%2e/%2e%2e/etc/passwd',
        '//evil.test',
        '/\\evil.test',
      ])
        assertRefused(await rawRequest(port, { method: 'GET', path: form }), form);
    });

    test('app.inject resolves dot segments itself, which is why these requests go through a socket', async () => {
      const injected = await t.app.inject({ method: 'GET', url: '/api/./health' });
      assert.equal(injected.statusCode, 200, 'inject sent /api/health');
      assertRefused(await rawRequest(port, { method: 'GET', path: '/api/./health' }), 'the same path on the wire');
    });
  });
}

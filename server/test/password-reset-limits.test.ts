import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from './helpers/databases.ts';
import { resetMailsTo } from './helpers/reset-mails.ts';
import { createTestApp, errorOf, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 24, point 6: the per-account limit on "send me a reset link" (three a quarter-hour,
 * counted across addresses) must not let anyone learn it was reached, nor refuse the account's
 * owner with a 429: past its count the answer is the same 200 as any other, and nothing is sent.
 * The per-address limit still answers 429.
 */
for (const kind of databaseKinds()) {
  describe(`password reset limits (${kind})`, () => {
    let t: TestApp;
    let hosts = 0;
    const nextIp = () => `10.24.6.${++hosts}`;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { RATE_LIMIT_SCALE: '1' } });
    });
    after(() => t?.close());

    const ask = (email: string, ip = nextIp()): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: ip,
        payload: { email, redirectTo: '/reset-password' },
      });
    const sameAnswer = (res: LightMyRequestResponse, first: LightMyRequestResponse, said: string) => {
      assert.equal(res.statusCode, 200, `${said}: ${res.body}`);
      assert.equal(res.body, first.body, said);
      assert.equal(res.headers['content-type'], first.headers['content-type'], said);
      assert.equal(res.headers['retry-after'], undefined, said);
    };

    test('past the per-account count: the same 200, and no e-mail', async () => {
      const victim = await t.signUp('reset-owner@reset-limits.test');
      // An attacker asks three times from three addresses, then the owner asks from a fourth.
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await ask(victim.email));
      const [first] = answers;
      for (const [i, res] of answers.entries()) sameAnswer(res, first!, `request ${i + 1}`);
      assert.equal(await resetMailsTo(t, victim.email), 3, 'three links a quarter-hour, the rest withheld');
      // An address without an account answers the same, before and past its count.
      const unknown = [];
      for (let i = 0; i < 5; i++) unknown.push(await ask('nobody@reset-limits.test'));
      for (const [i, res] of unknown.entries()) sameAnswer(res, first!, `unknown address, request ${i + 1}`);
      assert.equal(await resetMailsTo(t, 'nobody@reset-limits.test'), 0);
    });

    test('a malformed request is still refused past the count (the limit changes no answer)', async () => {
      const email = 'malformed@reset-limits.test';
      for (let i = 0; i < 4; i++) await ask(email);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: nextIp(),
        payload: { email, redirectTo: 'https://evil.example/steal' },
      });
      assert.equal(bad.statusCode, 403, bad.body);
    });

    test('the per-address limit still answers 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++) assert.equal((await ask(`spray-${i}@reset-limits.test`, ip)).statusCode, 200);
      const limited = await ask('spray-last@reset-limits.test', ip);
      assert.equal(limited.statusCode, 429, limited.body);
      assert.equal(errorOf(limited).code, 'RATE_LIMITED');
      assert.ok(Number(limited.headers['retry-after']) > 0);
    });
  });
}

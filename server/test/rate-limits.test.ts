import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts';
import { createTestApp, errorOf, PASSWORD, type TestApp } from './helpers/test-app.ts';
import { deleteKeys, reachableRedis } from './resilience/redis.ts';

/** Every run gets its own addresses and emails, so a shared Redis never mixes two runs' counts. */
const run = randomBytes(3);
let hosts = 0;
const nextIp = () => {
  hosts += 1;
  return `10.${run[0]}.${(run[1]! + (hosts >> 8)) % 256}.${hosts % 256}`;
};
let accounts = 0;
const nextEmail = (label: string) => `${label}-${run.toString('hex')}-${++accounts}@limits.test`;

const redisPrefix = (kind: DatabaseKind) => `torque-rate-limits-${run.toString('hex')}-${kind}:`;

/** Real limits (RATE_LIMIT_SCALE=1), in memory or in Redis under a prefix of this run's own. */
function limitedApp(kind: DatabaseKind, redisUrl?: string): Promise<TestApp> {
  const env: Record<string, string> = { RATE_LIMIT_SCALE: '1' };
  if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix(kind) });
  return createTestApp(kind, { seed: false, env });
}

const signIn = (t: TestApp, ip: string, email: string, password = 'not-the-password') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: ip, payload: { email, password } });
const signUpFrom = (t: TestApp, ip: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: ip,
    payload: { name: 'Rae', email, password: PASSWORD },
  });
const contact = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: { email: 'visitor@limits.test', subject: 'Hello', message: 'Do you ship brake pads?' },
  });

/**
 * Sends `count` requests at once and returns their statuses. At once, not one after another: a
 * limit counts requests as they arrive within its window (a minute), and on a busy machine
 * thirty password hashes in a row could outlast the window and let the count start again.
 */
async function statuses(count: number, send: (i: number) => Promise<LightMyRequestResponse>): Promise<number[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i).then((res) => res.statusCode)));
}

/** A 429 with the API's error body, a message a person can act on, and when to come back. */
function assertLimited(res: LightMyRequestResponse): void {
  assert.equal(res.statusCode, 429, res.body);
  assert.match(String(res.headers['content-type']), /application\/json/);
  const error = errorOf(res);
  assert.equal(error.code, 'RATE_LIMITED');
  assert.match(error.message, /too many attempts.*wait \d+ (second|minute)s?/i);
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60,
    `retry-after: ${res.headers['retry-after']}`,
  );
  assert.equal(res.headers['set-cookie'], undefined, 'a refused attempt never signs anyone in');
}

const redisUrl = await reachableRedis();
const stores: { name: string; url?: string; skip?: string }[] = [
  { name: 'memory' },
  redisUrl
    ? { name: 'redis', url: redisUrl }
    : { name: 'redis', skip: 'no Redis answers (TEST_REDIS_URL or redis://127.0.0.1:6379)' },
];

for (const kind of databaseKinds()) {
  for (const store of stores) {
    describe(`rate limits (${kind}, ${store.name})`, { skip: store.skip }, () => {
      let t: TestApp;
      before(async () => {
        t = await limitedApp(kind, store.url);
      });
      after(async () => {
        await t?.close();
        if (store.url) await deleteKeys(store.url, redisPrefix(kind));
      });

      const max = (name: 'signInPerIp' | 'signInPerAccount' | 'contact') => Number(t.app.rateLimits[name].max);

      test('the limits are strict enough to stop guessing', () => {
        assert.ok(max('signInPerAccount') <= 10, `${max('signInPerAccount')} tries per account a minute`);
        assert.ok(max('signInPerIp') <= 30, `${max('signInPerIp')} tries per address a minute`);
      });

      test('sign-in per address: many accounts from one address trip it; another address is not blocked', async () => {
        const ip = nextIp();
        const allowed = await statuses(max('signInPerIp'), () => signIn(t, ip, nextEmail('spray')));
        assert.deepEqual(new Set(allowed), new Set([401]), 'wrong passwords, each answered');
        assertLimited(await signIn(t, ip, nextEmail('spray')));

        const neighbour = nextIp();
        assert.equal((await signIn(t, neighbour, nextEmail('spray'))).statusCode, 401);
      });

      test('sign-in per account: guesses from many addresses trip it, even for the right password', async () => {
        const email = nextEmail('victim');
        assert.equal((await signUpFrom(t, nextIp(), email)).statusCode, 200);
        const guesses = await statuses(max('signInPerAccount'), (i) =>
          signIn(t, nextIp(), i % 2 ? email.toUpperCase() : email),
        );
        assert.deepEqual(new Set(guesses), new Set([401]));
        assertLimited(await signIn(t, nextIp(), email, PASSWORD));
        // Other accounts, and sign-up, are not held up by it.
        const other = nextEmail('bystander');
        assert.equal((await signUpFrom(t, nextIp(), other)).statusCode, 200);
        assert.equal((await signIn(t, nextIp(), other, PASSWORD)).statusCode, 200);
      });

      test('sign-up per address: many new accounts from one address trip it', async () => {
        const ip = nextIp();
        const created = await statuses(max('signInPerIp'), () => signUpFrom(t, ip, nextEmail('farm')));
        assert.deepEqual(new Set(created), new Set([200]));
        assertLimited(await signUpFrom(t, ip, nextEmail('farm')));
        assert.equal(
          (await signUpFrom(t, nextIp(), nextEmail('farm'))).statusCode,
          200,
          'another address still signs up',
        );
      });

      test('sign-up per account: one email from many addresses trips it', async () => {
        const email = nextEmail('taken');
        // One after another: two sign-ups of one new email at the same instant race each other.
        const tries: number[] = [];
        for (let i = 0; i < max('signInPerAccount'); i++) tries.push((await signUpFrom(t, nextIp(), email)).statusCode);
        assert.equal(tries[0], 200);
        assert.deepEqual(new Set(tries.slice(1)), new Set([422]), 'the repeats are refused: the email is taken');
        assertLimited(await signUpFrom(t, nextIp(), email));
      });

      test('the contact form trips per address; another address still sends', async () => {
        const ip = nextIp();
        const sent = await statuses(max('contact'), () => contact(t, ip));
        assert.deepEqual(new Set(sent), new Set([201]));
        assertLimited(await contact(t, ip));
        assert.equal((await contact(t, nextIp())).statusCode, 201);
      });

      if (store.url) {
        test('instances sharing Redis share the counts', async () => {
          const second = await limitedApp(kind, store.url);
          try {
            const ip = nextIp();
            const half = Math.floor(max('contact') / 2);
            await statuses(half, () => contact(t, ip));
            const rest = await statuses(max('contact') - half, () => contact(second, ip));
            assert.deepEqual(new Set(rest), new Set([201]));
            assertLimited(await contact(t, ip));
            assertLimited(await contact(second, ip));
          } finally {
            await second.close();
          }
        });
      }
    });
  }
}

import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/modules/identity/access-token.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The access-token check remembers tokens whose signature it has verified. These suites make
 * sure it does (a repeat use checks no signature) and that a remembered token is still refused
 * whenever an unremembered one would be.
 */

/**
 * How many Ed25519 signature checks `work` made. jose verifies through WebCrypto
 * (`crypto.subtle.verify`), so wrapping that method counts verifications without a seam in the
 * server: a cache hit makes none, a miss one.
 */
async function signatureChecks(work: () => Promise<void>): Promise<number> {
  const verify = mock.method(crypto.subtle, 'verify');
  try {
    await work();
    return verify.mock.calls.filter(({ arguments: [algorithm] }) => {
      const name = typeof algorithm === 'string' ? algorithm : (algorithm as { name?: string }).name;
      return name === 'Ed25519';
    }).length;
  } finally {
    verify.mock.restore();
  }
}
for (const kind of databaseKinds()) {
  describe(`verified access tokens are cached, revocation is not (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
    });
    after(() => t.close());

    const ownRecord = (user: TestUser, token = user.token) =>
      t.inject({
        method: 'GET',
        url: `/api/user?email=${encodeURIComponent(user.email)}`,
        headers: { authorization: `Bearer ${token}` },
      });

    /** Two answers in a row: the second one is served from the cache of verified tokens. */
    async function useTwice(user: TestUser): Promise<void> {
      assert.equal((await ownRecord(user)).statusCode, 200);
      const checks = await signatureChecks(async () => assert.equal((await ownRecord(user)).statusCode, 200));
      assert.equal(checks, 0, 'the second use is answered from the cache, without a signature check');
    }

    test('a token is verified once, then remembered; an altered one is verified every time', async () => {
      const user = await t.signUp('cache-hits@torque.test');
      const first = await signatureChecks(async () => assert.equal((await ownRecord(user)).statusCode, 200));
      assert.equal(first, 1, 'the first use checks the signature');
      const repeats = await signatureChecks(async () => {
        for (let i = 0; i < 5; i++) assert.equal((await ownRecord(user)).statusCode, 200);
      });
      assert.equal(repeats, 0, 'five repeat uses check no signature: the cache answered them');
      const [header, payload, signature] = user.token.split('.') as [string, string, string];
      const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
      const forgeries = await signatureChecks(async () => {
        for (let i = 0; i < 2; i++) assert.equal((await ownRecord(user, forged)).statusCode, 401);
      });
      assert.equal(forgeries, 2, 'a refused token is never remembered');
    });

    test('a cached token stops working at once after sign-out', async () => {
      const user = await t.signUp('cache-signout@torque.test');
      await useTwice(user);
      const out = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: user.cookie, origin: t.config.publicUrl },
        payload: {},
      });
      assert.equal(out.statusCode, 200);
      const res = await ownRecord(user);
      assert.equal(res.statusCode, 401);
      assert.equal(errorOf(res).code, 'SESSION_REVOKED');
    });

    test('a cached token stops working once its user is deleted', async () => {
      const admin = await t.admin();
      const user = await t.signUp('cache-deleted@torque.test');
      await useTwice(user);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/user/${user.id}` }, admin)).statusCode, 200);
      const res = await ownRecord(user);
      assert.equal(res.statusCode, 401);
      assert.equal(errorOf(res).code, 'SESSION_REVOKED');
    });

    test('a cached token that claims the old role is refused after a promotion', async () => {
      const admin = await t.admin();
      const user = await t.signUp('cache-promoted@torque.test');
      await useTwice(user);
      assert.equal((await t.inject({ method: 'PUT', url: `/api/user/admin/${user.email}` }, admin)).statusCode, 200);
      const res = await ownRecord(user);
      assert.equal(res.statusCode, 401);
      assert.equal(errorOf(res).code, 'TOKEN_EXPIRED');
    });

    test('an altered token is refused while the genuine one is cached', async () => {
      const user = await t.signUp('cache-altered@torque.test');
      await useTwice(user);
      const [header, payload, signature] = user.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const asAdmin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
      const noneHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
      const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
      const forgeries = {
        'another signature': `${header}.${payload}.${flipped}`,
        'claims changed, old signature': `${header}.${asAdmin}.${signature}`,
        'unsigned (alg none)': `${noneHeader}.${payload}.`,
        'a character appended': `${user.token}A`,
        'the signature cut off': `${header}.${payload}.`,
      };
      for (const [what, token] of Object.entries(forgeries)) {
        const res = await ownRecord(user, token);
        assert.equal(res.statusCode, 401, what);
        assert.equal(errorOf(res).code, 'TOKEN_INVALID', what);
      }
      const adminRoute = await t.inject({
        method: 'GET',
        url: '/api/all-user',
        headers: { authorization: `Bearer ${header}.${asAdmin}.${signature}` },
      });
      assert.equal(adminRoute.statusCode, 401);
      assert.equal((await ownRecord(user)).statusCode, 200, 'the genuine token still works');
    });

    test('a cached token expires when its expiry says', async (context) => {
      const user = await t.signUp('cache-expiry@torque.test');
      await useTwice(user);
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      context.after(() => mock.timers.reset());
      mock.timers.tick((ACCESS_TOKEN_TTL_SECONDS - 60) * 1000);
      assert.equal((await ownRecord(user)).statusCode, 200, 'a minute before expiry');
      mock.timers.tick(61 * 1000);
      const res = await ownRecord(user);
      assert.equal(res.statusCode, 401);
      assert.equal(errorOf(res).code, 'TOKEN_EXPIRED');
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, PASSWORD, sessionCookie, type TestApp, type TestUser } from './helpers/test-app.ts';

for (const kind of databaseKinds()) {
  describe(`identity and access tokens (${kind})`, () => {
    let t: TestApp;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      alice = await t.signUp('alice@torque.test', 'Alice');
      bob = await t.signUp('bob@torque.test', 'Bob');
    });
    after(() => t.close());

    test('a new user reads their own record; another customer gets 403', async () => {
      const own = await t.inject({ method: 'GET', url: '/api/user?email=alice@torque.test' }, alice);
      assert.equal(own.statusCode, 200);
      assert.equal(own.json().email, 'alice@torque.test');
      assert.equal(own.json().role, 'user');
      const other = await t.inject({ method: 'GET', url: '/api/user?email=alice@torque.test' }, bob);
      assert.equal(other.statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: '/api/user?email=alice@torque.test' })).statusCode, 401);
    });

    test('sign-in with a wrong password is a JSON error the login page can show', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'alice@torque.test', password: 'wrong-password' },
      });
      assert.equal(res.statusCode, 401);
      assert.match(res.json().message, /invalid email or password/i);
      const short = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'C', email: 'c@torque.test', password: '12345' },
      });
      assert.equal(short.statusCode, 400);
    });

    test('a sign-up body cannot make itself admin', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Eve', email: 'eve@torque.test', password: PASSWORD, role: 'admin' },
      });
      assert.ok(res.statusCode === 200 || res.statusCode === 400, `got ${res.statusCode}`);
      if (res.statusCode === 200) {
        const cookie = sessionCookie(res);
        const token = (
          await t.inject({ method: 'PUT', url: '/api/user/eve@torque.test', headers: { cookie }, payload: {} })
        ).json();
        assert.equal(token.user.role, 'user');
      }
    });

    test("the token exchange is only for the caller's own email", async () => {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/user/bob@torque.test',
        headers: { cookie: alice.cookie },
        payload: {},
      });
      assert.equal(res.statusCode, 403);
      assert.equal((await t.inject({ method: 'PUT', url: '/api/user/bob@torque.test', payload: {} })).statusCode, 401);
    });

    test('profile update changes only the four fields; role in the body is ignored', async () => {
      const res = await t.inject(
        {
          method: 'PUT',
          url: '/api/user-update?email=alice@torque.test',
          payload: {
            name: 'Alice A.',
            address: '1 Gear St',
            phone: '555-0100',
            linkedin: 'https://linkedin.com/in/alice',
            role: 'admin',
            email: 'x@y.z',
          },
        },
        alice,
      );
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().role, 'user');
      assert.equal(res.json().email, 'alice@torque.test');
      assert.equal(res.json().name, 'Alice A.');
      const missing = await t.inject(
        { method: 'PUT', url: '/api/user-update?email=alice@torque.test', payload: { name: 'x' } },
        alice,
      );
      assert.equal(missing.statusCode, 400);
      const others = await t.inject(
        {
          method: 'PUT',
          url: '/api/user-update?email=bob@torque.test',
          payload: { name: 'x', address: 'x', phone: 'x', linkedin: 'x' },
        },
        alice,
      );
      assert.equal(others.statusCode, 403);
    });

    test('an admin lists, promotes and deletes users; customers get 403; the last admin stays', async () => {
      const admin = await t.admin();
      assert.equal((await t.inject({ method: 'GET', url: '/api/all-user' }, bob)).statusCode, 403);
      const list = await t.inject({ method: 'GET', url: '/api/all-user' }, admin);
      assert.equal(list.statusCode, 200);
      assert.ok(list.json().some((u: { email: string }) => u.email === 'bob@torque.test'));
      assert.deepEqual((await t.inject({ method: 'GET', url: '/api/admin/bob@torque.test' }, bob)).json(), {
        admin: false,
      });
      const promoted = await t.inject({ method: 'PUT', url: '/api/user/admin/bob@torque.test' }, admin);
      assert.equal(promoted.statusCode, 200);
      // Bob's old token claims "user": refused until he exchanges his session again.
      const stale = await t.inject({ method: 'GET', url: '/api/admin/bob@torque.test' }, bob);
      assert.equal(stale.statusCode, 401);
      assert.equal(errorOf(stale).code, 'TOKEN_EXPIRED');
      const lastAdminTry = await t.inject({ method: 'DELETE', url: `/api/user/${admin.id}` }, admin);
      assert.equal(lastAdminTry.statusCode, 200, 'two admins now: deleting one is allowed');
      const bobFresh = (
        await t.inject({
          method: 'PUT',
          url: '/api/user/bob@torque.test',
          headers: { cookie: bob.cookie },
          payload: {},
        })
      ).json();
      const bobAdmin = { ...bob, token: bobFresh.accessToken };
      const refused = await t.inject({ method: 'DELETE', url: `/api/user/${bob.id}` }, bobAdmin);
      assert.equal(refused.statusCode, 409);
      const deleted = await t.inject({ method: 'DELETE', url: `/api/user/${alice.id}` }, bobAdmin);
      assert.equal(deleted.statusCode, 200);
      assert.equal(
        (await t.inject({ method: 'GET', url: '/api/admin/alice@torque.test' }, alice)).statusCode,
        401,
        "a deleted user's token stops working",
      );
    });

    test('sign-out revokes the session: the access token stops working at once', async () => {
      const carol = await t.signUp('carol@torque.test');
      assert.equal(
        (await t.inject({ method: 'GET', url: '/api/user?email=carol@torque.test' }, carol)).statusCode,
        200,
      );
      const out = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: carol.cookie, origin: t.config.publicUrl },
        payload: {},
      });
      assert.equal(out.statusCode, 200);
      const after = await t.inject({ method: 'GET', url: '/api/user?email=carol@torque.test' }, carol);
      assert.equal(after.statusCode, 401);
      assert.equal(errorOf(after).code, 'SESSION_REVOKED');
    });
  });
}

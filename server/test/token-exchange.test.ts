import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AccessTokenResponse } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { ADMIN_EMAIL, createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The token exchange (identity-service.ts) promotes an account that ADMIN_EMAILS names but that
 * was made before the list named it; the rest of the exchange is identity.test.ts's and the
 * authorization matrix's.
 */
for (const kind of databaseKinds()) {
  describe(`token exchange and ADMIN_EMAILS (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;

    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
    });
    after(() => t?.close());

    test('an ADMIN_EMAILS account that is not admin yet is promoted at its next exchange, and its token works at once', async () => {
      // As if the account existed before ADMIN_EMAILS named it.
      await t.db.database.db.execute(sql`update "user" set role = 'user' where email = ${ADMIN_EMAIL}`);
      // Its old token claims "admin": refused, and the session's role ("user") is now remembered.
      const old = await t.inject({ method: 'GET', url: '/api/all-user' }, admin);
      assert.equal(old.statusCode, 401, old.body);
      assert.equal(errorOf(old).code, 'TOKEN_EXPIRED');

      const exchanged = await t.inject({
        method: 'PUT',
        url: `/api/user/${ADMIN_EMAIL}`,
        headers: { cookie: admin.cookie },
        payload: {},
      });
      assert.equal(exchanged.statusCode, 200, exchanged.body);
      const body = exchanged.json() as AccessTokenResponse;
      assert.equal(body.user.role, 'admin');
      const promoted = { ...admin, token: body.accessToken };
      const listed = await t.inject({ method: 'GET', url: '/api/all-user' }, promoted);
      assert.equal(listed.statusCode, 200, `the new token is not refused as stale: ${listed.body}`);
      const flag = await t.inject({ method: 'GET', url: `/api/admin/${ADMIN_EMAIL}` }, promoted);
      assert.deepEqual(flag.json(), { admin: true });
    });

    test('an account ADMIN_EMAILS does not name stays a customer', async () => {
      const customer = await t.signUp('not-listed@torque.test', 'Nora');
      const again = await t.inject({
        method: 'PUT',
        url: `/api/user/${customer.email}`,
        headers: { cookie: customer.cookie },
        payload: {},
      });
      assert.equal(again.statusCode, 200, again.body);
      assert.equal((again.json() as AccessTokenResponse).user.role, 'user');
      const list = await t.inject({ method: 'GET', url: '/api/all-user' }, customer);
      assert.equal(list.statusCode, 403);
    });
  });
}

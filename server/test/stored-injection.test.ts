import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { addPart, orderBody } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Stored XSS and SQL injection: markup and SQL in names, reviews, profiles, addresses and
 * messages are stored as the text they are and come back byte for byte as JSON strings, in
 * answers a browser will not sniff as HTML (the SPA renders them as text; an e2e check proves
 * no script runs). SQL in a value is a value: every query is parameterised.
 */
const MARKUP = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<a href="javascript:alert(1)">click</a>&amp;&lt;',
  '{{constructor.constructor("alert(1)")()}}',
];
const SQL = ["'); DROP TABLE parts;--", "' OR '1'='1", "Robert'); DELETE FROM \"user\" WHERE ('1'='1"];
const UNICODE = ['\u202etxt.exe', 'مرحبا 🔧 e\u0301'];
const HOSTILE = [...MARKUP, ...SQL, ...UNICODE];

/** A JSON answer the browser is told not to sniff: never rendered as a page. */
function assertJsonAnswer(res: LightMyRequestResponse): void {
  assert.match(String(res.headers['content-type']), /^application\/json/);
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
}

for (const kind of databaseKinds()) {
  describe(`markup and SQL are stored as text (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let partId: string;
    let tableCount: () => Promise<number>;
    let tablesBefore: number;
    let accounts = 0;
    const countedSignUp = (email: string, name?: string) => {
      accounts += 1;
      return t.signUp(email, name);
    };
    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      accounts = 1;
      partId = (await addPart(t, await t.admin(), { available: 1000 }))._id;
      tableCount = async () =>
        Number(
          (
            await t.db.database.db.execute<{ n: number }>(
              sql`select count(*) as n from information_schema.tables where table_schema = 'public'`,
            )
          ).rows[0]!.n,
        );
      tablesBefore = await tableCount();
    });
    after(() => t?.close());

    test('review comments, and the display names reviews carry', async () => {
      for (const [i, value] of HOSTILE.entries()) {
        const author = await countedSignUp(`reviewer-${i}@injection.test`, value);
        const posted = await t.inject(
          { method: 'POST', url: '/api/review', payload: { comment: value, rating: 3 } },
          author,
        );
        assert.equal(posted.statusCode, 201, posted.body);
        const res = await t.inject({ method: 'GET', url: '/api/review' });
        assertJsonAnswer(res);
        const stored = (res.json() as { _id: string; name: string; comment: string }[]).find(
          (r) => r._id === posted.json()._id,
        );
        assert.deepEqual([stored?.name, stored?.comment], [value, value]);
      }
    });

    test('profile fields: name, address, phone, linkedin', async () => {
      const user = await countedSignUp('profile@injection.test');
      for (const value of HOSTILE) {
        const profile = { name: value, address: value, phone: value.slice(0, 40), linkedin: value };
        const put = await t.inject(
          { method: 'PUT', url: `/api/user-update?email=${user.email}`, payload: profile },
          user,
        );
        assert.equal(put.statusCode, 200, put.body);
        const res = await t.inject({ method: 'GET', url: `/api/user?email=${user.email}` }, user);
        assertJsonAnswer(res);
        const stored = res.json() as typeof profile;
        assert.deepEqual(
          { name: stored.name, address: stored.address, phone: stored.phone, linkedin: stored.linkedin },
          profile,
        );
        const listed = (
          (await t.inject({ method: 'GET', url: '/api/all-user' }, admin)).json() as { email: string; name: string }[]
        ).find((u) => u.email === user.email);
        assert.equal(listed?.name, value);
      }
    });

    test('order addresses and phones, as the customer and the admin read them', async () => {
      const customer = await countedSignUp('orders@injection.test');
      for (const value of HOSTILE) {
        const placed = await t.inject(
          {
            method: 'POST',
            url: '/api/order',
            payload: { ...orderBody(partId, 1), address: value, phone: value.slice(0, 40) },
          },
          customer,
        );
        assert.equal(placed.statusCode, 201, placed.body);
        const own = await t.inject({ method: 'GET', url: `/api/order/${placed.json()._id}` }, customer);
        assertJsonAnswer(own);
        assert.deepEqual([own.json().address, own.json().phone], [value, value.slice(0, 40)]);
        const all = (
          (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json() as { _id: string; address: string }[]
        ).find((o) => o._id === placed.json()._id);
        assert.equal(all?.address, value);
      }
    });

    test("product names and descriptions (an admin's input, shown to everyone)", async () => {
      for (const value of HOSTILE) {
        const created = await t.inject(
          {
            method: 'POST',
            url: '/api/parts',
            payload: { name: value, des: value, img: '/images/parts/x.svg', minimunOrder: 1, available: 1, price: 1 },
          },
          admin,
        );
        assert.equal(created.statusCode, 201, created.body);
        const res = await t.inject({ method: 'GET', url: `/api/parts/${created.json()._id}` });
        assertJsonAnswer(res);
        assert.deepEqual([res.json().name, res.json().des], [value, value]);
      }
    });

    test('contact messages (read by the team, straight from the database)', async () => {
      for (const value of HOSTILE) {
        const sent = await t.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { email: 'visitor@injection.test', subject: value, message: value },
        });
        assert.equal(sent.statusCode, 201, sent.body);
        const [row] = (
          await t.db.database.db.execute<{ subject: string; message: string }>(
            sql`select subject, message from contact_messages where id = ${sent.json()._id}`,
          )
        ).rows;
        assert.deepEqual([row?.subject, row?.message], [value, value]);
      }
    });

    test('the SQL in those values ran nowhere: every table and every account is still there', async () => {
      assert.equal(await tableCount(), tablesBefore);
      const users = (await t.inject({ method: 'GET', url: '/api/all-user' }, admin)).json() as unknown[];
      assert.equal(users.length, accounts);
      const [{ n: parts } = { n: 0 }] = (
        await t.db.database.db.execute<{ n: number }>(sql`select count(*)::int as n from parts`)
      ).rows;
      assert.ok(Number(parts) > 1, `${parts} parts`);
    });
  });
}

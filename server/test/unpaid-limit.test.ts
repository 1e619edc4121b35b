import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import pg from 'pg';
import { addPart, eventually, orderBody, payWithSandbox, placeOrder } from '@torque/testkit';
import { loadConfig } from '../src/config.ts';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 24, point 4 (OWASP API6, stock hoarding): the units an account holds in unpaid orders
 * are capped (MAX_UNPAID_UNITS_PER_ACCOUNT), checked in the statement that places the order, and
 * no concurrency lets an account pass it. Paying, cancelling or the hold ending frees units.
 */
const CAP = 100;

test('the cap defaults to 10,000 units an account', () => {
  assert.equal(loadConfig({ NODE_ENV: 'test' }).MAX_UNPAID_UNITS_PER_ACCOUNT, 10_000);
});

for (const kind of databaseKinds()) {
  describe(`unpaid units per account (${kind})`, () => {
    let t: TestApp;
    let accounts = 0;
    before(async () => {
      t = await createTestApp(kind, {
        seed: false,
        env: { MAX_UNPAID_UNITS_PER_ACCOUNT: String(CAP), ORDER_HOLD_MINUTES: '60' },
      });
    });
    after(() => t?.close());

    const account = () => t.signUp(`hoarder-${++accounts}@unpaid-limit.test`);
    const part = async (available = 1_000) => (await addPart(t, await t.admin(), { available, price: 2 }))._id;
    const order = (who: TestUser, partId: string, quantity: number) =>
      t.inject({ method: 'POST', url: '/api/order', payload: orderBody(partId, quantity) }, who);
    const assertCapped = (res: Awaited<ReturnType<typeof order>>) => {
      assert.equal(res.statusCode, 409, res.body);
      const error = errorOf(res);
      assert.equal(error.code, 'UNPAID_LIMIT');
      assert.match(error.message, /100 units/);
    };

    test('an order past the cap is 409 UNPAID_LIMIT and takes no stock; up to the cap is placed', async () => {
      const who = await account();
      const partId = await part();
      await placeOrder(t, who, partId, 60);
      assertCapped(await order(who, partId, 41));
      assert.equal(await stockOf(t, partId), 940, 'the refused order took nothing');
      assert.equal((await order(who, partId, 40)).statusCode, 201);
      assertCapped(await order(who, await part(), 1));
      // Another account has its own allowance.
      assert.equal((await order(await account(), partId, CAP)).statusCode, 201);
    });

    test('a single order above the cap is refused even for a fresh account', async () => {
      assertCapped(await order(await account(), await part(), CAP + 1));
    });

    test('paying, cancelling and an ended hold give the allowance back', async () => {
      const who = await account();
      const partId = await part();
      const paid = await placeOrder(t, who, partId, 50);
      const cancelled = await placeOrder(t, who, partId, 30);
      const expired = await placeOrder(t, who, partId, 20);
      assertCapped(await order(who, partId, 1));
      const { confirm } = await payWithSandbox(t, who, paid._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/order/${cancelled._id}` }, who)).statusCode, 200);
      await endHold(t, expired._id);
      await t.app.sweepHolds();
      assert.equal((await order(who, partId, CAP)).statusCode, 201, 'all 100 units free again');
    });

    test('concurrent orders of one account never hold more than the cap between them', async () => {
      const who = await account();
      await t.admin(); // signed up once, before the four parts are added at the same time
      const parts = await Promise.all([part(), part(), part(), part()]);
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => order(who, parts[i % 4]!, 10)));
      const placed = answers.filter((res) => res.statusCode === 201);
      for (const res of answers) if (res.statusCode !== 201) assertCapped(res);
      assert.equal(placed.length, 10, answers.map((r) => r.statusCode).join(' '));
      const mine = (await t.inject({ method: 'GET', url: `/api/order?email=${who.email}` }, who)).json() as Order[];
      assert.equal(
        mine.reduce((sum, o) => sum + o.quantity, 0),
        CAP,
      );
      const stock = await Promise.all(parts.map((p) => stockOf(t, p)));
      assert.equal(
        stock.reduce((sum, s) => sum + s, 0),
        4_000 - CAP,
        'stock taken only by the orders placed',
      );
    });
  });
}

const postgres = databaseKinds().includes('postgres');

/** The advisory lock space of an account's placements (migration 0008, `unpaid_units_in_turn`). */
const PLACEMENT_LOCK_SPACE = 24_004;

/**
 * One account's placements take turns on PostgreSQL's advisory lock on the account, whichever
 * instance runs them. Held from outside, it must hold a placement up.
 */
describe('the account lock across instances', { skip: postgres ? false : 'set TEST_DATABASE_URL' }, () => {
  test("placing waits while another instance holds the account's lock", async () => {
    const t = await createTestApp('postgres', { seed: false, env: { MAX_UNPAID_UNITS_PER_ACCOUNT: String(CAP) } });
    const other = new pg.Client({ connectionString: t.db.url });
    await other.connect();
    try {
      const who = await t.signUp('locked@unpaid-limit.test');
      const partId = (await addPart(t, await t.admin(), { available: 10 }))._id;
      const lock = [PLACEMENT_LOCK_SPACE, who.id];
      await other.query('select pg_advisory_lock($1::integer, hashtext($2::text))', lock);
      let answered = false;
      const pending = t
        .inject({ method: 'POST', url: '/api/order', payload: orderBody(partId, 1) }, who)
        .finally(() => (answered = true));
      await eventually('the placement to wait for the lock', async () => {
        const { rows } = await other.query<{ n: number }>(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        return rows[0]!.n === 1;
      });
      assert.equal(answered, false, 'no answer while the lock is held');
      assert.equal(await stockOf(t, partId), 10);
      await other.query('select pg_advisory_unlock($1::integer, hashtext($2::text))', lock);
      assert.equal((await pending).statusCode, 201);
    } finally {
      await other.end();
      await t.close();
    }
  });
});

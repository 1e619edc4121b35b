import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order, StatsResponse } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { addPart, payWithSandbox, placeOrder } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** The calendar day `back` days before today in `timeZone`, as YYYY-MM-DD. */
function localDay(timeZone: string, back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

/** Which shop-local day an instant falls on. */
const dayOf = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

/**
 * The orders are placed, paid and shipped through the API; then their instants are moved in SQL
 * (the API has no way to place an order in the past), which is what the time-zone edges need.
 */
async function setInstants(
  t: TestApp,
  orderId: string,
  at: { created?: string; paid?: string | null; shipped?: string | null },
): Promise<void> {
  const ts = (v: string | null | undefined) => (v == null ? null : v);
  await t.db.database.db.execute(sql`
    update orders set
      created_at = coalesce(${ts(at.created)}::timestamptz, created_at),
      paid_at = case when ${at.paid !== undefined} then ${ts(at.paid)}::timestamptz else paid_at end,
      shipped_at = case when ${at.shipped !== undefined} then ${ts(at.shipped)}::timestamptz else shipped_at end
    where id = ${orderId}`);
}

/** Local noon of a shop-local day, as an instant. */
const berlinNoon = (day: string) => `${day} 12:00:00 Europe/Berlin`;

async function stats(t: TestApp, as: TestUser | null, query: string) {
  return t.inject({ method: 'GET', url: `/api/stats${query}` }, as);
}

for (const kind of databaseKinds()) {
  describe(`admin overview: GET /api/stats (${kind}, SHOP_TIMEZONE=Europe/Berlin)`, () => {
    const tz = 'Europe/Berlin';
    const day = (back: number) => localDay(tz, back);
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    const ids: Record<string, string> = {};
    let lowPartId: string;

    before(async () => {
      t = await createTestApp(kind, { env: { SHOP_TIMEZONE: tz } });
      admin = await t.admin();
      alice = await t.signUp('alice-stats@torque.test', 'Alice');
      const a = await addPart(t, admin, { available: 100, price: 10, name: 'Stats Piston' });
      const b = await addPart(t, admin, { available: 100, price: 25.5, name: 'Stats Gasket' });
      lowPartId = (await addPart(t, admin, { available: 2, minimunOrder: 5, name: 'Stats Scarce Valve' }))._id;
      ids.a = a._id;
      ids.b = b._id;

      const place = async (name: string, partId: string, quantity: number, pay: boolean) => {
        const order: Order = await placeOrder(t, alice, partId, quantity);
        if (pay) {
          const { confirm } = await payWithSandbox(t, alice, order._id);
          assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
        }
        ids[name] = order._id;
      };
      await place('o1', a._id, 2, true); // $20, paid yesterday
      await place('o2', b._id, 1, true); // $25.50, paid 3 days ago
      await place('o3', a._id, 1, false); // $10, placed today, unpaid
      await place('o4', b._id, 2, true); // $51, paid and shipped 10 days ago
      await place('o5', a._id, 3, true); // $30, paid at 23:30 UTC: the next day in Berlin
      await place('o6', a._id, 1, false); // $10, placed 9 days ago, unpaid
      const ship = await t.inject(
        { method: 'PUT', url: `/api/orders/${ids.o4}`, payload: { status: 'shipped' } },
        admin,
      );
      assert.equal(ship.statusCode, 200, ship.body);

      await setInstants(t, ids.o1!, { created: berlinNoon(day(1)), paid: berlinNoon(day(1)) });
      await setInstants(t, ids.o2!, { created: berlinNoon(day(4)), paid: berlinNoon(day(3)) });
      await setInstants(t, ids.o4!, {
        created: berlinNoon(day(10)),
        paid: berlinNoon(day(10)),
        shipped: berlinNoon(day(10)),
      });
      // 23:30 UTC on the day before the 7-day period's first Berlin day is 00:30/01:30 on that day.
      const edge = `${day(7)}T23:30:00Z`;
      assert.equal(dayOf(edge, tz), day(6));
      await setInstants(t, ids.o5!, { created: edge, paid: edge });
      await setInstants(t, ids.o6!, { created: berlinNoon(day(9)) });
    });
    after(() => t.close());

    test('7 days: the figures, the period before, zero days and the 23:30 UTC order on the next Berlin day', async () => {
      const res = await stats(t, admin, '?days=7');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as StatsResponse;
      assert.equal(body.timeZone, tz);
      assert.deepEqual(
        { ...body, daily: undefined, topParts: undefined, lowStock: undefined, previous: undefined },
        {
          timeZone: tz,
          from: day(6),
          to: day(0),
          revenue: 75.5, // o1 20 + o2 25.50 + o5 30
          paidOrders: 3,
          unpaidOrders: 1, // o3
          shippedOrders: 0,
          averageOrderValue: 25.17, // 75.5 / 3, rounded to the cent
          daily: undefined,
          topParts: undefined,
          lowStock: undefined,
          previous: undefined,
        },
      );
      assert.deepEqual(body.previous, {
        from: day(13),
        to: day(7),
        revenue: 51,
        paidOrders: 1,
        unpaidOrders: 1, // o6
        shippedOrders: 1,
        averageOrderValue: 51,
      });
      assert.equal(body.daily.length, 7);
      assert.deepEqual(
        body.daily.map((d) => d.date),
        [6, 5, 4, 3, 2, 1, 0].map(day),
      );
      const byDate = Object.fromEntries(body.daily.map((d) => [d.date, d]));
      assert.deepEqual(byDate[day(6)], { date: day(6), revenue: 30, orders: 1 }, 'the edge order is on the Berlin day');
      assert.deepEqual(byDate[day(3)], { date: day(3), revenue: 25.5, orders: 1 });
      assert.deepEqual(byDate[day(1)], { date: day(1), revenue: 20, orders: 1 });
      for (const back of [0, 2, 4, 5]) assert.deepEqual(byDate[day(back)], { date: day(back), revenue: 0, orders: 0 });
      assert.equal(
        body.daily.reduce((s, d) => s + d.revenue, 0),
        body.revenue,
      );
      assert.deepEqual(body.topParts, [
        { partId: ids.a, name: 'Stats Piston', revenue: 50, quantity: 5 },
        { partId: ids.b, name: 'Stats Gasket', revenue: 25.5, quantity: 1 },
      ]);
      assert.deepEqual(
        body.lowStock.find((p) => p._id === lowPartId),
        { _id: lowPartId, name: 'Stats Scarce Valve', available: 2, minimunOrder: 5 },
      );
      assert.ok(body.lowStock.every((p) => p.available < p.minimunOrder));
    });

    test('30 days by default; revenue equals the paid orders of Manage All Orders paid on those days', async () => {
      const res = await stats(t, admin, '');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as StatsResponse;
      assert.equal(body.from, day(29));
      assert.equal(body.daily.length, 30);
      assert.equal(body.revenue, 126.5);
      assert.equal(body.paidOrders, 4);
      assert.equal(body.unpaidOrders, 2);
      assert.equal(body.shippedOrders, 1);
      assert.deepEqual(body.previous, {
        from: day(59),
        to: day(30),
        revenue: 0,
        paidOrders: 0,
        unpaidOrders: 0,
        shippedOrders: 0,
        averageOrderValue: 0,
      });

      const all = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json() as Order[];
      const inPeriod = all.filter(
        (o) => o.paidAt && dayOf(o.paidAt, tz) >= body.from && dayOf(o.paidAt, tz) <= body.to,
      );
      assert.equal(inPeriod.length, body.paidOrders);
      assert.equal(Math.round(inPeriod.reduce((s, o) => s + o.price, 0) * 100) / 100, body.revenue);
    });

    test('days must be a whole number from 1 to 366', async () => {
      for (const bad of ['0', '367', 'abc', '1.5', '-7']) {
        const res = await stats(t, admin, `?days=${bad}`);
        assert.equal(res.statusCode, 400, `days=${bad}: ${res.body}`);
        assert.equal(errorOf(res).code, 'VALIDATION_FAILED');
      }
      assert.equal((await stats(t, admin, '?days=1')).statusCode, 200);
      assert.equal((await stats(t, admin, '?days=366')).json().daily.length, 366);
    });

    test('admins only: 401 anonymous, 403 customer', async () => {
      assert.equal((await stats(t, null, '')).statusCode, 401);
      assert.equal((await stats(t, alice, '')).statusCode, 403);
    });
  });

  describe(`admin overview in UTC, the default (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
    });
    after(() => t.close());

    test('the same 23:30 UTC payment counts on its UTC day', async () => {
      const admin = await t.admin();
      const bob = await t.signUp('bob-stats@torque.test', 'Bob');
      const part = await addPart(t, admin, { available: 10, price: 7 });
      const order = await placeOrder(t, bob, part._id, 1);
      assert.equal((await payWithSandbox(t, bob, order._id)).confirm.status, 200);
      const edge = `${localDay('UTC', 7)}T23:30:00Z`;
      await setInstants(t, order._id, { created: edge, paid: edge });
      const body = (await stats(t, admin, '?days=7')).json() as StatsResponse;
      assert.equal(body.timeZone, 'UTC');
      assert.equal(body.revenue, 0, 'the day before the period in UTC');
      assert.equal(body.previous.revenue, 7);
      assert.equal(body.previous.to, localDay('UTC', 7));
      assert.ok(body.daily.every((d) => d.revenue === 0 && d.orders === 0));
    });
    test("a paid order whose part was deleted since counts under 'Deleted parts'", async () => {
      const admin = await t.admin();
      const carol = await t.signUp('carol-stats@torque.test', 'Carol');
      const part = await addPart(t, admin, { available: 10, price: 100, name: 'Stats Discontinued' });
      const order = await placeOrder(t, carol, part._id, 2);
      assert.equal((await payWithSandbox(t, carol, order._id)).confirm.status, 200);
      const removed = await t.inject({ method: 'DELETE', url: `/api/part/${part._id}` }, admin);
      assert.equal(removed.statusCode, 200, removed.body);
      const body = (await stats(t, admin, '?days=7')).json() as StatsResponse;
      assert.deepEqual(body.topParts, [{ partId: null, name: 'Deleted parts', revenue: 200, quantity: 2 }]);
      assert.equal(body.revenue, 200);
      assert.deepEqual(body.daily.at(-1), { date: localDay('UTC', 0), revenue: 200, orders: 1 });
    });
  });
}

describe('SHOP_TIMEZONE', () => {
  const base = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' };
  test('defaults to UTC and takes IANA zones', () => {
    assert.equal(loadConfig(base).SHOP_TIMEZONE, 'UTC');
    assert.equal(loadConfig({ ...base, SHOP_TIMEZONE: 'Europe/Berlin' }).SHOP_TIMEZONE, 'Europe/Berlin');
    assert.equal(
      loadConfig({ ...base, SHOP_TIMEZONE: 'America/Argentina/Buenos_Aires' }).SHOP_TIMEZONE,
      'America/Argentina/Buenos_Aires',
    );
  });
  test('rejects what is not a zone, offsets included', () => {
    for (const bad of ['Mars/Olympus', '+05:00', 'Europe/Berlin; drop table orders', '']) {
      assert.throws(() => loadConfig({ ...base, SHOP_TIMEZONE: bad }), /SHOP_TIMEZONE/, bad);
    }
  });
});

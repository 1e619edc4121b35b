import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { order, type Order, type Part } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { addPart, orderBody, payWithSandbox, placeOrder } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** Text that JSON escapes: quotes, backslashes, control characters, non-ASCII, line separators. */
const TRICKY = 'He said "hi" \\ back\tslash\nnew line \u0001\u001f\u007f é ñ 😀 \u2028\u2029 </script>';

/**
 * Every order answer is JSON written by PostgreSQL (orders/order-json.ts, the one definition of
 * the shape). It must be exactly what the contract's zod schema would serialise, on every kind
 * of value, and a list must be its single reads joined.
 */
/** The bytes the zod schema gives for the same value: key order, number and date formats. */
function assertContractBytes(body: string): void {
  assert.equal(JSON.stringify(order.parse(JSON.parse(body))), body);
}

for (const kind of databaseKinds()) {
  describe(`order JSON built by the database (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let customer: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      customer = await t.signUp('json-orders@torque.test');
    });
    after(() => t.close());

    const read = (url: string, as: TestUser) => t.inject({ method: 'GET', url }, as);

    async function trickyPart(price: number): Promise<Part> {
      const payload = {
        name: `Part ${TRICKY}`.slice(0, 120),
        des: `Description ${TRICKY}`,
        img: 'https://img.example/a.png?x=1&y=%22',
        minimunOrder: 1,
        available: 1000,
        price,
      };
      const res = await t.inject({ method: 'POST', url: '/api/parts', payload }, admin);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    }

    /** The list must be the single reads of its orders, joined: byte for byte. */
    async function assertListMatchesSingles(url: string, as: TestUser): Promise<Order[]> {
      const list = await read(url, as);
      assert.equal(list.statusCode, 200, list.body);
      assert.equal(list.headers['content-type'], 'application/json; charset=utf-8');
      const orders: Order[] = list.json();
      const singles = await Promise.all(orders.map((o) => read(`/api/order/${o._id}`, as).then((r) => r.body)));
      assert.equal(list.body, `[${singles.join(',')}]`);
      for (const single of singles) assertContractBytes(single);
      return orders;
    }

    test('a placed order is answered with the bytes it is later read with', async () => {
      const part = await trickyPart(12.34);
      const placed = await t.inject(
        {
          method: 'POST',
          url: '/api/order',
          payload: { partId: part._id, quantity: 3, phone: `+1 ${TRICKY}`.slice(0, 40), address: TRICKY },
        },
        customer,
      );
      assert.equal(placed.statusCode, 201, placed.body);
      assert.equal(placed.headers['content-type'], 'application/json; charset=utf-8');
      const order: Order = placed.json();
      assert.equal(order.price, 37.02);
      assert.equal(order.unitPrice, 12.34);
      assert.equal(order.address, TRICKY);
      assert.equal(placed.body, (await read(`/api/order/${order._id}`, customer)).body);
      assertContractBytes(placed.body);
    });

    test("the owner's list and the admin's list equal their orders read one by one, in every state", async () => {
      const cheap = await trickyPart(0.07);
      const dear = await trickyPart(999_999.99);
      const gone = await addPart(t, await t.admin(), { available: 5, name: `Gone ${TRICKY}`.slice(0, 120) });
      const paid = await placeOrder(t, customer, cheap._id, 3);
      const shipped = await placeOrder(t, customer, dear._id, 1);
      const orphan = await placeOrder(t, customer, gone._id, 2);
      await placeOrder(t, customer, cheap._id, 100);
      for (const order of [paid, shipped])
        assert.equal((await payWithSandbox(t, customer, order._id)).confirm.status, 200);
      assert.equal(
        (await t.inject({ method: 'PUT', url: `/api/orders/${shipped._id}`, payload: { status: 'shipped' } }, admin))
          .statusCode,
        200,
      );
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${gone._id}` }, admin)).statusCode, 200);
      // Microseconds a JS Date drops (cut, not rounded) and a date before the others.
      const db = t.db.database.db;
      await db.execute(sql`update orders set created_at = '2026-01-02T03:04:05.999999Z' where id = ${paid._id}::uuid`);
      await db.execute(
        sql`update orders set created_at = '1999-12-31T23:59:59.000001Z' where id = ${orphan._id}::uuid`,
      );
      await db.execute(sql`update orders set paid_at = '2026-01-02T03:04:06.000500Z' where id = ${paid._id}::uuid`);

      const own = await assertListMatchesSingles(`/api/order?email=${encodeURIComponent(customer.email)}`, customer);
      assert.ok(own.length >= 5);
      assert.ok(own.every((o) => o.email === customer.email));
      assert.equal(own[0]!._id, orphan._id, 'oldest first');
      assert.equal(own[0]!.createdAt, '1999-12-31T23:59:59.000Z');
      assert.equal(own[0]!.partId, null);
      const paidSeen = own.find((o) => o._id === paid._id)!;
      assert.equal(paidSeen.createdAt, '2026-01-02T03:04:05.999Z');
      assert.equal(paidSeen.paidAt, '2026-01-02T03:04:06.000Z');
      assert.equal(paidSeen.payment, true);
      assert.equal(paidSeen.price, 0.21);
      const shippedSeen = own.find((o) => o._id === shipped._id)!;
      assert.equal(shippedSeen.status, 'shipped');
      assert.equal(shippedSeen.price, 999_999.99);

      const other = await t.signUp('json-orders-other@torque.test');
      await placeOrder(t, other, cheap._id, 1);
      const all = await assertListMatchesSingles('/api/orders', admin);
      assert.ok(all.some((o) => o.email === other.email) && all.some((o) => o.email === customer.email));
    });

    test("a customer without orders gets an empty array; someone else's list stays refused", async () => {
      const fresh = await t.signUp('json-orders-none@torque.test');
      const res = await read(`/api/order?email=${encodeURIComponent(fresh.email)}`, fresh);
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, '[]');
      const others = await read(`/api/order?email=${encodeURIComponent(customer.email)}`, fresh);
      assert.equal(others.statusCode, 403);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/order?email=${encodeURIComponent(fresh.email)}` })).statusCode,
        401,
      );
      assert.equal((await read('/api/order?email=not-an-email', fresh)).statusCode, 400);
    });
  });

  describe(`order placement in one statement (${kind})`, () => {
    let t: TestApp;
    let customer: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      customer = await t.signUp('placement@torque.test');
    });
    after(() => t.close());

    const order = (partId: string, quantity: number) =>
      t.inject({ method: 'POST', url: '/api/order', payload: orderBody(partId, quantity) }, customer);

    test('a total over the card limit is 409 ORDER_TOO_LARGE and takes no stock, however large', async () => {
      // $10,000 a unit: 99 units are $990,000, 100 are over the $999,999.99 a card may pay.
      const part = await addPart(t, await t.admin(), { available: 1_000_000, price: 10_000 });
      for (const quantity of [100, 1_000_000]) {
        const res = await order(part._id, quantity);
        assert.equal(res.statusCode, 409, res.body);
        assert.equal(errorOf(res).code, 'ORDER_TOO_LARGE');
      }
      assert.equal(await stockOf(t, part._id), 1_000_000);
      const largest = await order(part._id, 99);
      assert.equal(largest.statusCode, 201, largest.body);
      assert.equal((largest.json() as Order).price, 990_000);
      assert.equal(await stockOf(t, part._id), 1_000_000 - 99);
    });

    test('stock rules come before the card limit, as the form checks them', async () => {
      const part = await addPart(t, await t.admin(), { available: 10, minimunOrder: 5, price: 1_000_000 });
      const below = await order(part._id, 2);
      assert.equal(errorOf(below).code, 'BELOW_MINIMUM');
      const above = await order(part._id, 11);
      assert.equal(errorOf(above).code, 'ABOVE_AVAILABLE');
      const tooLarge = await order(part._id, 10);
      assert.equal(errorOf(tooLarge).code, 'ORDER_TOO_LARGE');
      assert.equal(await stockOf(t, part._id), 10);
    });

    test('an unknown part is 404 and an emptied part is STOCK_OUT', async () => {
      const unknown = await order('00000000-0000-4000-8000-000000000000', 1);
      assert.equal(unknown.statusCode, 404);
      const part = await addPart(t, await t.admin(), { available: 2 });
      assert.equal((await order(part._id, 2)).statusCode, 201);
      const out = await order(part._id, 1);
      assert.equal(out.statusCode, 409);
      assert.equal(errorOf(out).code, 'STOCK_OUT');
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { orderMessages, type Order } from '@torque/contract';
import { databaseKinds } from './helpers/databases.ts';
import { addPart, orderBody, payWithSandbox, placeOrder } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

for (const kind of databaseKinds()) {
  describe(`orders (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      alice = await t.signUp('alice-orders@torque.test', 'Alice');
      bob = await t.signUp('bob-orders@torque.test', 'Bob');
    });
    after(() => t.close());

    test('an order takes its stock, prices itself from the part and belongs to the caller', async () => {
      const part = await addPart(t, await t.admin(), { available: 40, minimunOrder: 2, price: 12.5 });
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/order',
          // An old client's fields: all of them ignored.
          payload: {
            ...orderBody(part._id, '5'),
            email: bob.email,
            price: 0.01,
            name: 'Free stuff',
            img: 'x',
            des: 'y',
            payment: true,
            status: 'shipped',
          },
        },
        alice,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.equal(order.email, alice.email);
      assert.equal(order.quantity, 5);
      assert.equal(order.unitPrice, 12.5);
      assert.equal(order.price, 62.5);
      assert.equal(order.name, part.name);
      assert.equal(order.des, part.des);
      assert.equal(order.partId, part._id);
      assert.equal(order.payment, false);
      assert.equal(order.paymentId, null);
      assert.equal(order.status, null);
      assert.equal(await stockOf(t, part._id), 35);
    });

    test("quantity below the minimum, above the stock, or any when stock is out: 409 with PRODUCT.md §5's messages, stock unchanged", async () => {
      const part = await addPart(t, await t.admin(), { available: 10, minimunOrder: 3 });
      const below = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 2) }, alice);
      assert.equal(below.statusCode, 409);
      assert.deepEqual(errorOf(below), { code: 'BELOW_MINIMUM', message: orderMessages.belowMinimum });
      const above = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 11) }, alice);
      assert.equal(above.statusCode, 409);
      assert.deepEqual(errorOf(above), { code: 'ABOVE_AVAILABLE', message: orderMessages.aboveAvailable });
      assert.equal(await stockOf(t, part._id), 10);
      await placeOrder(t, alice, part._id, 10);
      const out = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 3) }, bob);
      assert.equal(out.statusCode, 409);
      assert.deepEqual(errorOf(out), { code: 'STOCK_OUT', message: orderMessages.stockOut });
      assert.equal(await stockOf(t, part._id), 0);
    });

    test('bad order input is 400 per field; an unknown part is 404; anonymous is 401', async () => {
      const part = await addPart(t, await t.admin(), { available: 10 });
      for (const quantity of [0, -1, 1.5, 'abc', '']) {
        const res = await t.inject(
          { method: 'POST', url: '/api/order', payload: orderBody(part._id, quantity as number) },
          alice,
        );
        assert.equal(res.statusCode, 400, `quantity ${JSON.stringify(quantity)}: ${res.body}`);
        assert.ok(errorOf(res).fields?.quantity, res.body);
      }
      const noAddress = await t.inject(
        { method: 'POST', url: '/api/order', payload: { partId: part._id, quantity: 1, phone: '1' } },
        alice,
      );
      assert.equal(noAddress.statusCode, 400);
      assert.ok(errorOf(noAddress).fields?.address);
      const unknown = await t.inject(
        { method: 'POST', url: '/api/order', payload: orderBody('00000000-0000-4000-8000-000000000000', 1) },
        alice,
      );
      assert.equal(unknown.statusCode, 404);
      const anonymous = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(await stockOf(t, part._id), 10);
    });

    test('customers list and read only their own orders; admins read all', async () => {
      const part = await addPart(t, await t.admin(), { available: 100 });
      const mine = await placeOrder(t, alice, part._id, 1);
      const own = await t.inject({ method: 'GET', url: `/api/order?email=${encodeURIComponent(alice.email)}` }, alice);
      assert.equal(own.statusCode, 200);
      const list: Order[] = own.json();
      assert.ok(list.some((o) => o._id === mine._id));
      assert.ok(list.every((o) => o.email === alice.email));
      const othersList = await t.inject(
        { method: 'GET', url: `/api/order?email=${encodeURIComponent(alice.email)}` },
        bob,
      );
      assert.equal(othersList.statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${mine._id}` }, bob)).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${mine._id}` }, alice)).json()._id, mine._id);
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${mine._id}` }, admin)).statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url: '/api/orders' }, alice)).statusCode, 403);
      const all: Order[] = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json();
      assert.ok(all.some((o) => o._id === mine._id));
    });

    test('cancelling an unpaid order returns its stock; another customer cannot; a paid order cannot be cancelled', async () => {
      const part = await addPart(t, await t.admin(), { available: 20 });
      const order = await placeOrder(t, alice, part._id, 7);
      assert.equal(await stockOf(t, part._id), 13);
      const byBob = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, bob);
      assert.equal(byBob.statusCode, 403);
      assert.equal(await stockOf(t, part._id), 13);
      const cancel = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, alice);
      assert.equal(cancel.statusCode, 200, cancel.body);
      assert.equal(cancel.json()._id, order._id);
      assert.equal(await stockOf(t, part._id), 20);
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).statusCode, 404);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, alice)).statusCode, 404);

      const paid = await placeOrder(t, alice, part._id, 4);
      const { confirm } = await payWithSandbox(t, alice, paid._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const refused = await t.inject({ method: 'DELETE', url: `/api/order/${paid._id}` }, admin);
      assert.equal(refused.statusCode, 409);
      assert.equal(errorOf(refused).code, 'ORDER_PAID');
      assert.equal(await stockOf(t, part._id), 16);
    });

    test("an admin cancels a customer's unpaid order and the stock returns", async () => {
      const part = await addPart(t, await t.admin(), { available: 9 });
      const order = await placeOrder(t, bob, part._id, 9);
      const res = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, admin);
      assert.equal(res.statusCode, 200);
      assert.equal(await stockOf(t, part._id), 9);
    });

    test('shipping: admin only, only when paid, only once', async () => {
      const part = await addPart(t, await t.admin(), { available: 10 });
      const order = await placeOrder(t, alice, part._id, 2);
      const ship = { method: 'PUT' as const, url: `/api/orders/${order._id}`, payload: { status: 'shipped' } };
      const unpaid = await t.inject(ship, admin);
      assert.equal(unpaid.statusCode, 409);
      assert.equal(errorOf(unpaid).code, 'NOT_PAID');
      await payWithSandbox(t, alice, order._id);
      assert.equal((await t.inject(ship, alice)).statusCode, 403);
      const shipped = await t.inject(ship, admin);
      assert.equal(shipped.statusCode, 200, shipped.body);
      assert.equal(shipped.json().status, 'shipped');
      assert.ok(shipped.json().shippedAt);
      const again = await t.inject(ship, admin);
      assert.equal(again.statusCode, 409);
      assert.equal(errorOf(again).code, 'ALREADY_SHIPPED');
      const badStatus = await t.inject({ ...ship, payload: { status: 'delivered' } }, admin);
      assert.equal(badStatus.statusCode, 400);
      const seen: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).json();
      assert.equal(seen.status, 'shipped');
    });

    test('deleting a part keeps the orders placed for it', async () => {
      const part = await addPart(t, await t.admin(), { available: 10, name: 'Soon gone' });
      const order = await placeOrder(t, alice, part._id, 1);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${part._id}` }, admin)).statusCode, 200);
      const kept: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).json();
      assert.equal(kept.name, 'Soon gone');
      assert.equal(kept.partId, null);
      const cancel = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, alice);
      assert.equal(cancel.statusCode, 200, 'an order of a deleted part can still be cancelled');
    });
  });

  describe(`orders under concurrency (${kind})`, () => {
    let t: TestApp;
    let buyers: TestUser[];
    before(async () => {
      t = await createTestApp(kind);
      buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => t.signUp(`racer-${i}@torque.test`)));
    });
    after(() => t.close());

    test('60 parallel orders against a stock of 25 never sell more than the stock', async () => {
      const initial = 25;
      const part = await addPart(t, await t.admin(), { available: initial, minimunOrder: 1 });
      const quantities = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));
      const results = await Promise.all(
        quantities.map((quantity, i) =>
          t.inject(
            { method: 'POST', url: '/api/order', payload: orderBody(part._id, quantity) },
            buyers[i % buyers.length],
          ),
        ),
      );
      const sold = results.reduce((sum, res, i) => sum + (res.statusCode === 201 ? quantities[i]! : 0), 0);
      for (const res of results) {
        assert.ok(res.statusCode === 201 || res.statusCode === 409, `unexpected ${res.statusCode}: ${res.body}`);
        if (res.statusCode === 409) assert.ok(['STOCK_OUT', 'ABOVE_AVAILABLE'].includes(errorOf(res).code));
      }
      const remaining = await stockOf(t, part._id);
      assert.equal(sold + remaining, initial, `sold ${sold} + remaining ${remaining}`);
      assert.ok(sold > initial - 3, `stock was sold down to what no quantity fits (sold ${sold})`);
      const ordered = (
        await Promise.all(buyers.map((b) => t.inject({ method: 'GET', url: `/api/order?email=${b.email}` }, b)))
      )
        .flatMap((res) => res.json() as Order[])
        .filter((o) => o.partId === part._id)
        .reduce((sum, o) => sum + o.quantity, 0);
      assert.equal(ordered, sold, 'every accepted unit is in exactly one stored order');
    });

    test('orders and cancellations interleaved keep sold + remaining = initial', async () => {
      const initial = 30;
      const part = await addPart(t, await t.admin(), { available: initial });
      const first = await Promise.all(buyers.map((b) => placeOrder(t, b, part._id, 3)));
      const mixed = await Promise.all([
        ...first.map((o, i) => t.inject({ method: 'DELETE', url: `/api/order/${o._id}` }, buyers[i])),
        ...buyers.flatMap((b) => [
          t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 4) }, b),
          t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 4) }, b),
        ]),
      ]);
      for (const res of mixed) assert.ok([200, 201, 409].includes(res.statusCode), `${res.statusCode} ${res.body}`);
      const open = (
        await Promise.all(buyers.map((b) => t.inject({ method: 'GET', url: `/api/order?email=${b.email}` }, b)))
      )
        .flatMap((res) => res.json() as Order[])
        .filter((o) => o.partId === part._id)
        .reduce((sum, o) => sum + o.quantity, 0);
      assert.equal(open + (await stockOf(t, part._id)), initial);
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { orderMessages, type Cart, type Order, type ReorderResult } from '@torque/contract';
import { addPart, placeOrder } from '@torque/testkit';
import { editPart, setStock } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** PRODUCT.md "Cart", order again: a past order's lines back in the cart at today's prices. */

for (const kind of databaseKinds()) {
  describe(`order again (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let n = 0;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
    });
    after(() => t.close());

    const buyer = () => t.signUp(`again-${++n}@torque.test`);
    const part = async (spec: Partial<Parameters<typeof addPart>[2]> = {}) =>
      (await addPart(t, admin, { available: 100, price: 10, ...spec }))._id;
    const reorder = (as: TestUser | null, orderId: string) =>
      t.inject({ method: 'POST', url: `/api/orders/${orderId}/reorder` }, as);
    const again = async (as: TestUser, orderId: string): Promise<ReorderResult> => {
      const res = await reorder(as, orderId);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    test('an unchanged order comes back as it was, added to what the cart holds', async () => {
      const me = await buyer();
      const a = await part({ price: 7.25 });
      const order = await placeOrder(t, me, a, 3);
      await t.inject({ method: 'POST', url: '/api/cart/lines', payload: { lines: [{ partId: a, quantity: 1 }] } }, me);
      const result = await again(me, order._id);
      assert.deepEqual(result.changes, []);
      assert.deepEqual(
        result.cart.lines.map((l) => [l.partId, l.quantity, l.unitPrice]),
        [[a, 4, 7.25]],
      );
    });

    test('a price change, a deleted part, a superseded part and a part out of stock are each reported', async () => {
      const me = await buyer();
      const ids = {
        pricier: await part({ price: 10 }),
        deleted: await part({ partNumber: 'RO-DEL-1' }),
        old: await part({ partNumber: 'RO-OLD-1' }),
        successor: await part({ partNumber: 'RO-NEW-1', price: 11 }),
        out: await part({ price: 5 }),
      };
      // One order of several lines, through the cart and checkout.
      const put = await t.inject(
        {
          method: 'PUT',
          url: '/api/cart',
          payload: {
            lines: [
              { partId: ids.pricier, quantity: 2 },
              { partId: ids.deleted, quantity: 1 },
              { partId: ids.old, quantity: 4 },
              { partId: ids.out, quantity: 1 },
            ],
          },
        },
        me,
      );
      assert.equal(put.statusCode, 200, put.body);
      const placed = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { phone: '+1 555 0100', address: '1 Main St' } },
        me,
      );
      assert.equal(placed.statusCode, 201, placed.body);
      const order = placed.json() as Order;
      assert.equal(order.lines.length, 4);
      assert.deepEqual(((await t.inject({ method: 'GET', url: '/api/cart' }, me)).json() as Cart).lines, []);

      assert.equal((await editPart(t, ids.pricier, { price: 12.5 })).statusCode, 200);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${ids.deleted}` }, admin)).statusCode, 200);
      assert.equal((await editPart(t, ids.old, { replacedBy: 'RO-NEW-1' })).statusCode, 200);
      await setStock(t, ids.out, 0);

      const result = await again(me, order._id);
      const byCode = (code: string) => result.changes.filter((c) => c.code === code);
      assert.deepEqual(byCode('PRICE_CHANGED'), [
        {
          partId: ids.pricier,
          partNumber: order.lines[0]!.partNumber,
          name: order.lines[0]!.name,
          code: 'PRICE_CHANGED',
          message: 'The price changed from $10.00 to $12.50',
          before: 10,
          after: 12.5,
        },
      ]);
      assert.deepEqual(
        byCode('UNAVAILABLE').map((c) => [c.partNumber, c.partId, c.message]),
        [
          ['RO-DEL-1', null, 'This part is no longer sold'],
          [order.lines[3]!.partNumber, ids.out, orderMessages.stockOut],
        ],
      );
      assert.deepEqual(byCode('REPLACED'), [
        {
          partId: ids.old,
          partNumber: 'RO-OLD-1',
          name: order.lines[2]!.name,
          code: 'REPLACED',
          message: 'Replaced by RO-NEW-1, added instead',
          successor: { _id: ids.successor, partNumber: 'RO-NEW-1' },
        },
      ]);
      assert.equal(result.changes.length, 4);
      // The deleted part is not added; the successor is, at the quantity ordered; prices are today's.
      assert.deepEqual(
        result.cart.lines.map((l) => [l.partId, l.quantity, l.unitPrice, l.problem?.code ?? null]),
        [
          [ids.pricier, 2, 12.5, null],
          [ids.successor, 4, 11, null],
          [ids.out, 1, 5, 'UNAVAILABLE'],
        ],
      );
      assert.equal(result.cart.ready, false);
    });

    test("only the order's owner may order it again: others, an admin included, get 404", async () => {
      const [me, other] = [await buyer(), await buyer()];
      const a = await part();
      const order = await placeOrder(t, me, a, 1);
      assert.equal((await reorder(null, order._id)).statusCode, 401);
      for (const who of [other, admin]) {
        const res = await reorder(who, order._id);
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(errorOf(res).code, 'NOT_FOUND');
        assert.deepEqual(((await t.inject({ method: 'GET', url: '/api/cart' }, who)).json() as Cart).lines, []);
      }
      assert.equal((await reorder(me, '00000000-0000-4000-8000-000000000000')).statusCode, 404);
      assert.equal((await reorder(me, 'not-an-id')).statusCode, 400);
      // An admin's own order is the admin's to order again.
      const own = await placeOrder(t, admin, a, 2);
      const result = await again(admin, own._id);
      assert.deepEqual(
        result.cart.lines.map((l) => [l.partId, l.quantity]),
        [[a, 2]],
      );
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkoutRefusal, type Cart, type Order, type Part } from '@torque/contract';
import { addPart, payWithSandbox } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Checkout (issue 27): the caller's cart becomes one order of all its lines, or nothing. Every
 * line's stock is taken together, given back together (cancel, expiry) and paid for once.
 */
const CONTACT = { phone: '+1 555 0100', address: '1 Main St, Springfield' };

for (const kind of databaseKinds()) {
  describe(`checkout (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '60' } });
      admin = await t.admin();
      buyer = await t.signUp('buyer@checkout.test');
    });
    after(() => t.close());

    const part = (spec: Parameters<typeof addPart>[2]) => addPart(t, admin, spec);
    const setCart = async (as: TestUser, lines: { partId: string; quantity: number }[]) => {
      const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
    };
    const cartOf = async (as: TestUser): Promise<Cart> => {
      const res = await t.inject({ method: 'GET', url: '/api/cart' }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const checkout = (as: TestUser | null, payload: Record<string, unknown> = CONTACT) =>
      t.inject({ method: 'POST', url: '/api/checkout', payload }, as);
    const stocks = (parts: Part[]) => Promise.all(parts.map((p) => stockOf(t, p._id)));

    test('a 3-line cart becomes one order of 3 lines, paid once, invoiced with every line', async () => {
      const a = await part({ available: 10, price: 12.5, name: 'Brake Pad Set' });
      const b = await part({ available: 10, price: 3.1, name: 'Oil Filter', minimunOrder: 2 });
      const c = await part({ available: 10, price: 40, name: 'Spark Plug Kit' });
      await setCart(buyer, [
        { partId: a._id, quantity: 2 },
        { partId: b._id, quantity: 4 },
        { partId: c._id, quantity: 1 },
      ]);
      const res = await checkout(buyer);
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.deepEqual(
        order.lines.map((l) => [l.partId, l.partNumber, l.name, l.quantity, l.unitPrice, l.total]),
        [
          [a._id, a.partNumber, 'Brake Pad Set', 2, 12.5, 25],
          [b._id, b.partNumber, 'Oil Filter', 4, 3.1, 12.4],
          [c._id, c.partNumber, 'Spark Plug Kit', 1, 40, 40],
        ],
      );
      // The spec's fields: the first line's part, all units, the total, a summary name.
      assert.equal(order.partId, a._id);
      assert.equal(order.unitPrice, 12.5);
      assert.equal(order.quantity, 7);
      assert.equal(order.price, 77.4);
      assert.equal(order.name, 'Brake Pad Set and 2 more parts');
      assert.equal(order.email, buyer.email);
      assert.deepEqual(await stocks([a, b, c]), [8, 6, 9]);
      assert.deepEqual((await cartOf(buyer)).lines, [], 'the ordered lines left the cart');

      const { confirm } = await payWithSandbox(t, buyer, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const paid: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer)).json();
      assert.equal(paid.payment, true);
      const payments = await t.db.database.db.execute(
        sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
      );
      assert.deepEqual(payments.rows, [{ cents: 7740 }], 'one payment for the order total');

      const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, buyer);
      assert.equal(pdf.statusCode, 200);
      const text = await pdfText(pdf.rawPayload);
      for (const [p, line] of [
        [a, /\s2\s+\$12\.50\s+\$25\.00\s/],
        [b, /\s4\s+\$3\.10\s+\$12\.40\s/],
        [c, /\s1\s+\$40\.00\s+\$40\.00\s/],
      ] as const) {
        assert.ok(text.includes(p.partNumber), `the invoice names ${p.partNumber}`);
        assert.match(text, line);
      }
      assert.match(text, /Total \$77\.40/);

      // The CSV export: one row per line, the order's columns repeated.
      const csv = (await t.inject({ method: 'GET', url: '/api/orders/export.csv' }, admin)).body;
      const rows = csv.split('\r\n').filter((r) => r.startsWith(order._id));
      assert.equal(rows.length, 3);
      assert.ok(rows[1]!.includes(`,Oil Filter,${b.partNumber},4,3.10,12.40,`), rows[1]);
    });

    test('a refusal names every offending line; stock and cart stay as they were', async () => {
      const scarce = await part({ available: 1, name: 'Scarce' });
      const bulky = await part({ available: 50, minimunOrder: 5, name: 'Bulky' });
      const fine = await part({ available: 10, name: 'Fine' });
      const old = await part({ available: 10, name: 'Old' });
      const lines = [
        { partId: fine._id, quantity: 1 },
        { partId: scarce._id, quantity: 2 },
        { partId: bulky._id, quantity: 1 },
        { partId: old._id, quantity: 1 },
      ];
      await setCart(buyer, lines);
      await t.db.database.db.execute(sql`update parts set replaced_by = ${fine._id}::uuid where id = ${old._id}::uuid`);
      const before = await cartOf(buyer);
      const res = await checkout(buyer);
      assert.equal(res.statusCode, 409, res.body);
      const body = checkoutRefusal.parse(res.json());
      assert.equal(body.error.code, 'LINES_REFUSED');
      assert.deepEqual(
        body.lines.map((l) => [l.partId, l.code]),
        [
          [scarce._id, 'ABOVE_AVAILABLE'],
          [bulky._id, 'BELOW_MINIMUM'],
          [old._id, 'SUPERSEDED'],
        ],
      );
      assert.ok(body.lines.every((l) => l.message.length > 0));
      assert.deepEqual(await stocks([scarce, bulky, fine, old]), [1, 50, 10, 10]);
      assert.deepEqual(await cartOf(buyer), before, 'the cart is kept');
      await t.db.database.db.execute(sql`update parts set replaced_by = null where id = ${old._id}::uuid`);
      await setCart(buyer, []);
    });

    test('a stock-out line is STOCK_OUT', async () => {
      const out = await part({ available: 1, name: 'Last one' });
      const fine = await part({ available: 5 });
      await setCart(buyer, [
        { partId: out._id, quantity: 1 },
        { partId: fine._id, quantity: 1 },
      ]);
      await t.db.database.db.execute(sql`update parts set available = 0 where id = ${out._id}::uuid`);
      const res = await checkout(buyer);
      assert.equal(res.statusCode, 409, res.body);
      assert.deepEqual(
        checkoutRefusal.parse(res.json()).lines.map((l) => l.code),
        ['STOCK_OUT'],
      );
      assert.equal(await stockOf(t, fine._id), 5);
      await setCart(buyer, []);
    });

    test('cancelling gives every line its units back', async () => {
      const parts = [await part({ available: 5 }), await part({ available: 6 }), await part({ available: 7 })];
      await setCart(
        buyer,
        parts.map((p, i) => ({ partId: p._id, quantity: i + 1 })),
      );
      const order: Order = (await checkout(buyer)).json();
      assert.deepEqual(await stocks(parts), [4, 4, 4]);
      const cancel = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, buyer);
      assert.equal(cancel.statusCode, 200, cancel.body);
      assert.equal((cancel.json() as Order).lines.length, 3, 'the cancelled order is answered with its lines');
      assert.deepEqual(await stocks(parts), [5, 6, 7]);
    });

    test('an expired hold gives every line its units back, once', async () => {
      const parts = [await part({ available: 5 }), await part({ available: 6 })];
      await setCart(
        buyer,
        parts.map((p) => ({ partId: p._id, quantity: 2 })),
      );
      const order: Order = (await checkout(buyer)).json();
      assert.deepEqual(await stocks(parts), [3, 4]);
      await endHold(t, order._id);
      assert.equal((await t.app.sweepHolds()).expired, 1);
      assert.deepEqual(await stocks(parts), [5, 6]);
      assert.equal((await t.app.sweepHolds()).expired, 0);
      assert.deepEqual(await stocks(parts), [5, 6]);
      // Cancelling the expired order gives nothing back a second time.
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, buyer)).statusCode, 200);
      assert.deepEqual(await stocks(parts), [5, 6]);
    });

    /** A late success for an expired order: the sandbox charged it behind our back, then the confirmation arrives. */
    async function lateSuccess(order: Order) {
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        buyer,
      );
      assert.equal(intent.statusCode, 200, intent.body);
      const { clientSecret } = intent.json() as { clientSecret: string };
      await endHold(t, order._id);
      await t.app.sweepHolds();
      const rows = await t.db.database.db.execute(
        sql`update sandbox_payment_intents set status = 'succeeded' where client_secret = ${clientSecret} returning id`,
      );
      const paymentId = (rows.rows[0] as { id: string }).id;
      return t.inject({ method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId } }, buyer);
    }

    test('a late payment for an expired order takes every line again when all are there', async () => {
      const parts = [await part({ available: 5 }), await part({ available: 6 })];
      await setCart(
        buyer,
        parts.map((p) => ({ partId: p._id, quantity: 2 })),
      );
      const order: Order = (await checkout(buyer)).json();
      const late = await lateSuccess(order);
      assert.equal(late.statusCode, 200, late.body);
      assert.equal((late.json() as Order).payment, true);
      assert.deepEqual(await stocks(parts), [3, 4]);
    });

    test('a late payment revives nothing when one line is short: every part keeps its stock, refunded', async () => {
      const parts = [await part({ available: 5 }), await part({ available: 6 })];
      await setCart(
        buyer,
        parts.map((p) => ({ partId: p._id, quantity: 2 })),
      );
      const order: Order = (await checkout(buyer)).json();
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        buyer,
      );
      const { clientSecret } = intent.json() as { clientSecret: string };
      await endHold(t, order._id);
      await t.app.sweepHolds();
      await t.db.database.db.execute(sql`update parts set available = 1 where id = ${parts[1]!._id}::uuid`);
      const rows = await t.db.database.db.execute(
        sql`update sandbox_payment_intents set status = 'succeeded' where client_secret = ${clientSecret} returning id`,
      );
      const paymentId = (rows.rows[0] as { id: string }).id;
      const late = await t.inject(
        { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId } },
        buyer,
      );
      assert.equal(late.statusCode, 409, late.body);
      assert.equal(errorOf(late).code, 'ORDER_EXPIRED');
      assert.deepEqual(await stocks(parts), [5, 1], 'the line that had its units kept them: all or nothing');
    });

    test('a line priced from a price that changed meanwhile is not placed; checkout prices it again', async () => {
      const p = await part({ available: 5, price: 10 });
      const refused = await t.app.orders.machine.placeLines({
        lines: [{ partId: p._id, quantity: 1, unitPriceCents: 900, listPriceCents: 900, priceBreaks: [] }],
        userId: buyer.id,
        email: buyer.email,
        ...CONTACT,
      });
      assert.equal(refused.kind, 'refused');
      assert.equal(refused.kind === 'refused' && refused.parts[0]!.priceCents, 1000, 'the price it has now');
      assert.equal(await stockOf(t, p._id), 5);
      await setCart(buyer, [{ partId: p._id, quantity: 2 }]);
      const placed = await checkout(buyer);
      assert.equal(placed.statusCode, 201, placed.body);
      assert.equal((placed.json() as Order).price, 20);
    });

    test('an empty cart is 409 CART_EMPTY; anonymous is 401; bad contact details are 400', async () => {
      await setCart(buyer, []);
      const empty = await checkout(buyer);
      assert.equal(empty.statusCode, 409);
      assert.equal(errorOf(empty).code, 'CART_EMPTY');
      assert.equal((await checkout(null)).statusCode, 401);
      const bad = await checkout(buyer, { phone: '', address: 'x' });
      assert.equal(bad.statusCode, 400);
      assert.equal(errorOf(bad).code, 'VALIDATION_FAILED');
    });

    test("an admin checks out only their own cart, never a customer's", async () => {
      const p = await part({ available: 5 });
      await setCart(buyer, [{ partId: p._id, quantity: 2 }]);
      const res = await checkout(admin);
      assert.equal(res.statusCode, 409);
      assert.equal(errorOf(res).code, 'CART_EMPTY');
      assert.equal((await cartOf(buyer)).lines.length, 1, "the customer's cart is untouched");
      assert.equal(await stockOf(t, p._id), 5);
      await setCart(buyer, []);
    });

    test('the overview counts each line of a paid order under its part', async () => {
      const a = await part({ available: 5, price: 100, name: 'Top A' });
      const b = await part({ available: 5, price: 90, name: 'Top B' });
      await setCart(buyer, [
        { partId: a._id, quantity: 1 },
        { partId: b._id, quantity: 2 },
      ]);
      const order: Order = (await checkout(buyer)).json();
      assert.equal((await payWithSandbox(t, buyer, order._id)).confirm.status, 200);
      const stats = await t.inject({ method: 'GET', url: '/api/stats' }, admin);
      assert.equal(stats.statusCode, 200, stats.body);
      const top = (stats.json() as { topParts: { partId: string | null; quantity: number }[] }).topParts;
      assert.equal(top.find((r) => r.partId === b._id)?.quantity, 2);
      assert.equal(top.find((r) => r.partId === a._id)?.quantity, 1);
    });
  });
}

for (const kind of databaseKinds()) {
  test(`checkout keeps the account's unpaid-units cap over all its lines (${kind})`, async () => {
    const t = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_UNITS_PER_ACCOUNT: '5' } });
    try {
      const admin = await t.admin();
      const buyer = await t.signUp('capped@checkout.test');
      const a = await addPart(t, admin, { available: 10 });
      const b = await addPart(t, admin, { available: 10 });
      const lines = [
        { partId: a._id, quantity: 3 },
        { partId: b._id, quantity: 3 },
      ];
      assert.equal((await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, buyer)).statusCode, 200);
      const res = await t.inject({ method: 'POST', url: '/api/checkout', payload: CONTACT }, buyer);
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'UNPAID_LIMIT');
      assert.deepEqual([await stockOf(t, a._id), await stockOf(t, b._id)], [10, 10]);
      const cart: Cart = (await t.inject({ method: 'GET', url: '/api/cart' }, buyer)).json();
      assert.equal(cart.lines.length, 2, 'the cart is kept');
    } finally {
      await t.close();
    }
  });
}

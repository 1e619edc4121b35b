import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import { eq, sql } from 'drizzle-orm';
import { sandboxPaymentIntents } from '../src/db/schema/index.ts';
import { sweepIntervalMs } from '../src/modules/orders/hold-sweeper.ts';
import { addPart, eventually, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { assertStockBalanced, endHold } from './helpers/holds.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Holds (ORDER_HOLD_MINUTES) with the sandbox provider: an unpaid order past its pay-by time
 * expires once, its stock back; it can no longer be paid; a payment that still succeeds takes the
 * stock again or is refunded. After every test, sold + held + remaining = the initial stock.
 */
for (const kind of databaseKinds()) {
  describe(`order holds with the sandbox (${kind})`, () => {
    let t: TestApp;
    let alice: TestUser;
    let bob: TestUser;
    const initial = new Map<string, number>();
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '60' } });
      alice = await t.signUp('alice-holds@torque.test');
      bob = await t.signUp('bob-holds@torque.test');
    });
    afterEach(() => assertStockBalanced(t, initial));
    after(() => t.close());

    async function part(available: number): Promise<string> {
      const p = await addPart(t, await t.admin(), { available, price: 4.5 });
      initial.set(p._id, available);
      return p._id;
    }
    const getOrder = async (id: string): Promise<Order> =>
      (await t.inject({ method: 'GET', url: `/api/order/${id}` }, alice)).json();
    const intentFor = (orderId: string) =>
      t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } }, alice);
    const confirm = (clientSecret: string, number: string = TEST_CARDS.visa) =>
      t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret, card: testCard(number), billingEmail: alice.email },
        },
        alice,
      );
    const put = (orderId: string, paymentId: string) =>
      t.inject({ method: 'PUT', url: `/api/order/${orderId}`, payload: { payment: true, paymentId } }, alice);
    const intentRow = async (clientSecret: string) =>
      (
        await t.db.database.db
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
      )[0]!;
    /** A card charge the store did not hear about (a confirmation lost on the way back). */
    const chargedBehindOurBack = (id: string) =>
      t.db.database.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.id, id));

    test('a placed order says when it must be paid by; nothing has expired or been refunded', async () => {
      const order = await placeOrder(t, alice, await part(10), 2);
      assert.equal(order.expiredAt, null);
      assert.equal(order.refundedAt, null);
      assert.equal(Date.parse(order.payBy!) - Date.parse(order.createdAt), 60 * 60_000);
    });

    test('an unpaid order past its pay-by time expires once: stock back, still listed, no longer payable', async () => {
      const partId = await part(10);
      const order = await placeOrder(t, alice, partId, 3);
      const kept = await placeOrder(t, alice, partId, 2);
      assert.equal(await stockOf(t, partId), 5);
      await endHold(t, order._id);
      const first = await t.app.sweepHolds();
      assert.equal(first.expired, 1);
      assert.equal(await stockOf(t, partId), 8);
      assert.equal((await t.app.sweepHolds()).expired, 0, 'a second sweep expires nothing');
      assert.equal(await stockOf(t, partId), 8);

      const expired = await getOrder(order._id);
      assert.ok(expired.expiredAt);
      assert.equal(expired.payment, false);
      assert.equal(expired.status, null);
      assert.equal((await getOrder(kept._id)).expiredAt, null);
      const list: Order[] = (
        await t.inject({ method: 'GET', url: `/api/order?email=${encodeURIComponent(alice.email)}` }, alice)
      ).json();
      assert.ok(list.some((o) => o._id === order._id && o.expiredAt));

      const intent = await intentFor(order._id);
      assert.equal(intent.statusCode, 409);
      assert.equal(errorOf(intent).code, 'ORDER_EXPIRED');
      const paid = await put(order._id, 'pi_sandbox_made_up');
      assert.equal(paid.statusCode, 409);
      assert.equal(errorOf(paid).code, 'ORDER_EXPIRED');

      // Cancel still deletes it, and gives nothing back twice.
      const cancel = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, alice);
      assert.equal(cancel.statusCode, 200, cancel.body);
      assert.equal(await stockOf(t, partId), 8);
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).statusCode, 404);
    });

    test('past its pay-by time but not swept yet: no intent, and the card is never charged', async () => {
      const order = await placeOrder(t, alice, await part(4), 1);
      const intent = await intentFor(order._id);
      assert.equal(intent.statusCode, 200, intent.body);
      const { clientSecret } = intent.json() as { clientSecret: string };
      await endHold(t, order._id);
      assert.equal(errorOf(await intentFor(order._id)).code, 'ORDER_EXPIRED');
      const charge = await confirm(clientSecret);
      assert.equal(charge.statusCode, 409, charge.body);
      assert.equal(errorOf(charge).code, 'ORDER_EXPIRED');
      assert.equal((await intentRow(clientSecret)).status, 'requires_payment_method', 'no charge');
      await t.app.sweepHolds();
      assert.equal((await intentRow(clientSecret)).status, 'canceled', 'the intent is cancelled before expiry');
      assert.ok((await getOrder(order._id)).expiredAt);
    });

    test('a card charged just before the hold ended pays the order instead of expiring it', async () => {
      const partId = await part(6);
      const order = await placeOrder(t, alice, partId, 2);
      const { clientSecret } = (await intentFor(order._id)).json() as { clientSecret: string };
      const intent = await intentRow(clientSecret);
      await chargedBehindOurBack(intent.id);
      await endHold(t, order._id);
      const result = await t.app.sweepHolds();
      assert.deepEqual(result, { expired: 0, paid: 1, waiting: 0 });
      const paid = await getOrder(order._id);
      assert.equal(paid.payment, true);
      assert.equal(paid.paymentId, intent.id);
      assert.equal(paid.expiredAt, null);
      assert.equal(await stockOf(t, partId), 4);
    });

    test('a success arriving for an expired order takes the stock again when it is there: the order revives, paid', async () => {
      const partId = await part(6);
      const order = await placeOrder(t, alice, partId, 2);
      const { clientSecret } = (await intentFor(order._id)).json() as { clientSecret: string };
      const intent = await intentRow(clientSecret);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      assert.equal(await stockOf(t, partId), 6);
      // The processor charged it anyway (the cancel never reached it), and the confirmation arrives late.
      await chargedBehindOurBack(intent.id);
      const late = await put(order._id, intent.id);
      assert.equal(late.statusCode, 200, late.body);
      const revived: Order = late.json();
      assert.equal(revived.payment, true);
      assert.equal(revived.expiredAt, null);
      assert.equal(revived.refundedAt, null);
      assert.equal(await stockOf(t, partId), 4);
      const replay = await put(order._id, intent.id);
      assert.equal(replay.statusCode, 200);
      assert.equal(await stockOf(t, partId), 4, 'a replay takes nothing twice');
      const record = await t.inject({ method: 'POST', url: '/api/payment', payload: { paymentId: intent.id } }, alice);
      assert.equal(record.statusCode, 200, record.body);
    });

    test('a success arriving for an expired order whose stock was sold meanwhile is refunded, once', async () => {
      const partId = await part(3);
      const order = await placeOrder(t, alice, partId, 3);
      const { clientSecret } = (await intentFor(order._id)).json() as { clientSecret: string };
      const intent = await intentRow(clientSecret);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      await placeOrder(t, bob, partId, 2); // Bob takes most of the units back on sale.
      await chargedBehindOurBack(intent.id);
      const late = await put(order._id, intent.id);
      assert.equal(late.statusCode, 409, late.body);
      assert.equal(errorOf(late).code, 'ORDER_EXPIRED');
      assert.match(errorOf(late).message, /refunded/);
      assert.equal((await intentRow(clientSecret)).status, 'refunded');
      const refunded = await getOrder(order._id);
      assert.ok(refunded.refundedAt);
      assert.ok(refunded.expiredAt);
      assert.equal(refunded.payment, false);
      assert.equal(await stockOf(t, partId), 1);
      // Stock coming back later does not revive a refunded order.
      const again = await put(order._id, intent.id);
      assert.equal(errorOf(again).code, 'ORDER_EXPIRED');
      assert.equal(await stockOf(t, partId), 1);
    });

    test('the admin list shows expired and refunded orders as such', async () => {
      const admin = await t.admin();
      const order = await placeOrder(t, alice, await part(2), 1);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      const all: Order[] = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json();
      assert.ok(all.find((o) => o._id === order._id)?.expiredAt);
    });
  });

  describe(`the sweep on its own timer (${kind})`, () => {
    let t: TestApp;
    let alice: TestUser;
    const initial = new Map<string, number>();
    // 0.02 minutes: 1.2 s holds, swept every 300 ms.
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '0.02' } });
      alice = await t.signUp('timer-holds@torque.test');
    });
    afterEach(() => assertStockBalanced(t, initial));
    after(() => t.close());

    test('sweeps often enough that no order outlives its hold by more than a minute', () => {
      assert.equal(sweepIntervalMs(1440), 30_000);
      assert.equal(sweepIntervalMs(2), 30_000);
      assert.equal(sweepIntervalMs(1), 15_000);
      assert.equal(sweepIntervalMs(0.02), 300);
    });

    test('an unpaid order expires by itself shortly after its pay-by time, its stock back', async () => {
      const p = await addPart(t, await t.admin(), { available: 5 });
      initial.set(p._id, 5);
      const order = await placeOrder(t, alice, p._id, 5);
      assert.equal(await stockOf(t, p._id), 0);
      const expired = await eventually('the order to expire', async () => {
        const o: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).json();
        return o.expiredAt ? o : undefined;
      });
      assert.ok(Date.parse(expired.expiredAt!) >= Date.parse(expired.payBy!));
      assert.equal(await stockOf(t, p._id), 5);
    });

    test('an order paid within its hold never expires', async () => {
      const p = await addPart(t, await t.admin(), { available: 5 });
      initial.set(p._id, 5);
      const order = await placeOrder(t, alice, p._id, 1);
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        alice,
      );
      const { clientSecret } = intent.json() as { clientSecret: string };
      const paid = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret, card: testCard(TEST_CARDS.visa), billingEmail: alice.email },
        },
        alice,
      );
      assert.equal(paid.statusCode, 200, paid.body);
      await eventually('a sweep after the pay-by time', async () => {
        await t.app.sweepHolds();
        const [row] = (
          (await t.db.database.db.execute(sql`select now() > ${order.payBy}::timestamptz as past`)) as unknown as {
            rows: { past: boolean }[];
          }
        ).rows;
        return row!.past;
      });
      const o: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).json();
      assert.equal(o.payment, true);
      assert.equal(o.expiredAt, null);
      assert.equal(await stockOf(t, p._id), 4);
    });
  });

  describe(`holds turned off (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '0' } });
    });
    after(() => t.close());

    test('ORDER_HOLD_MINUTES=0: no pay-by time, and the sweep expires nothing', async () => {
      const alice = await t.signUp('off-holds@torque.test');
      const p = await addPart(t, await t.admin(), { available: 3 });
      const order = await placeOrder(t, alice, p._id, 1);
      assert.equal(order.payBy, null);
      assert.equal((await t.app.sweepHolds()).expired, 0);
      assert.equal(await stockOf(t, p._id), 2);
    });
  });
}

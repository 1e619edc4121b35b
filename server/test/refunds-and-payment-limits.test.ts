import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import { eq } from 'drizzle-orm';
import { addPart, placeOrder, testCard } from '@torque/testkit';
import { sandboxPaymentIntents } from '../src/db/schema/index.ts';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 24, points 9 and 10, with real limits (RATE_LIMIT_SCALE=1): a refunded order is the
 * only local record of its refund and cannot be deleted; the payment routes are limited per
 * customer, so repeating them cannot spend the shop's provider quota.
 */
for (const kind of databaseKinds()) {
  describe(`refunded orders and payment limits (${kind})`, () => {
    let t: TestApp;
    let customers = 0;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { RATE_LIMIT_SCALE: '1', ORDER_HOLD_MINUTES: '60' } });
    });
    after(() => t?.close());

    const customer = () => t.signUp(`payer-${++customers}@payment-limits.test`);
    const intentFor = (who: TestUser, orderId: string) =>
      t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } }, who);
    const put = (who: TestUser, orderId: string, paymentId: string) =>
      t.inject({ method: 'PUT', url: `/api/order/${orderId}`, payload: { payment: true, paymentId } }, who);

    /**
     * An order refunded by the hold rules: its hold ended, its units were sold to someone else,
     * then the card charge its owner had started succeeded after all (holds.test.ts tells it whole).
     */
    async function refundedOrder(owner: TestUser): Promise<{ order: Order; paymentId: string }> {
      const partId = (await addPart(t, await t.admin(), { available: 3, price: 4.5 }))._id;
      const order = await placeOrder(t, owner, partId, 3);
      const intent = await intentFor(owner, order._id);
      assert.equal(intent.statusCode, 200, intent.body);
      const { clientSecret } = intent.json() as { clientSecret: string };
      await endHold(t, order._id);
      await t.app.sweepHolds();
      await placeOrder(t, await customer(), partId, 3);
      const [row] = await t.db.database.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
        .returning({ id: sandboxPaymentIntents.id });
      const late = await put(owner, order._id, row!.id);
      assert.equal(late.statusCode, 409, late.body);
      assert.match(errorOf(late).message, /refunded/);
      return { order, paymentId: row!.id };
    }

    test('a refunded order cannot be deleted, by its owner or an admin', async () => {
      const owner = await customer();
      const { order } = await refundedOrder(owner);
      for (const who of [owner, await t.admin()]) {
        const res = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, who);
        assert.equal(res.statusCode, 409, res.body);
        assert.equal(errorOf(res).code, 'ORDER_REFUNDED');
        assert.match(errorOf(res).message, /refund/);
      }
      const kept = await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, owner);
      assert.equal(kept.statusCode, 200, kept.body);
      assert.ok((kept.json() as Order).refundedAt, 'the refund is still on record');
    });

    test('an expired order that was not refunded can still be deleted', async () => {
      const owner = await customer();
      const partId = (await addPart(t, await t.admin(), { available: 2, price: 3 }))._id;
      const order = await placeOrder(t, owner, partId, 1);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      const res = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, owner);
      assert.equal(res.statusCode, 200, res.body);
    });

    test('repeating PUT /api/order/:id on a refunded order stops at the per-customer limit', async () => {
      const owner = await customer();
      const { order, paymentId } = await refundedOrder(owner);
      const statuses: number[] = [];
      // One PUT was spent on the refund itself.
      for (let i = 0; i < 30; i++) statuses.push((await put(owner, order._id, paymentId)).statusCode);
      assert.deepEqual(new Set(statuses.slice(0, 29)), new Set([409]), 'each asked the provider and was refused');
      assert.equal(statuses[29], 429);
      const limited = await put(owner, order._id, paymentId);
      assert.equal(limited.statusCode, 429);
      assert.equal(errorOf(limited).code, 'RATE_LIMITED');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // Per customer: someone else still pays.
      const other = await customer();
      const partId = (await addPart(t, await t.admin(), { available: 5, price: 2 }))._id;
      const theirs = await placeOrder(t, other, partId, 1);
      assert.equal((await intentFor(other, theirs._id)).statusCode, 200);
    });

    test('creating intents and confirming cards are limited per customer too', async () => {
      const owner = await customer();
      const partId = (await addPart(t, await t.admin(), { available: 50, price: 2 }))._id;
      const order = await placeOrder(t, owner, partId, 1);
      const intents: number[] = [];
      for (let i = 0; i < 31; i++) intents.push((await intentFor(owner, order._id)).statusCode);
      assert.deepEqual(intents, [...Array<number>(30).fill(200), 429]);

      const confirm = () =>
        t.inject(
          {
            method: 'POST',
            url: '/api/payments/sandbox/confirm',
            payload: { clientSecret: 'pi_unknown_secret_x', card: testCard(), billingEmail: owner.email },
          },
          owner,
        );
      const confirms: number[] = [];
      for (let i = 0; i < 31; i++) confirms.push((await confirm()).statusCode);
      assert.deepEqual(confirms, [...Array<number>(30).fill(404), 429]);
    });
  });
}

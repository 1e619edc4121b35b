import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import Stripe from 'stripe';
import { addPart, placeOrder } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { startFakeStripe, type FakeIntent } from './helpers/fake-stripe.ts';
import { assertStockBalanced, endHold } from './helpers/holds.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_holds_suite_secret';
const stripeSdk = new Stripe('sk_test_unused');

/**
 * Holds at the edge with Stripe (the local stand-in): before an order with an intent expires the
 * sweep asks Stripe; a success that still arrives (webhook or the browser's PUT) for an expired
 * order revives it when the stock is there, else it is refunded at Stripe, once.
 */
for (const kind of databaseKinds()) {
  describe(`order holds with Stripe (${kind})`, () => {
    let t: TestApp;
    let fake: Awaited<ReturnType<typeof startFakeStripe>>;
    let alice: TestUser;
    let bob: TestUser;
    const initial = new Map<string, number>();
    before(async () => {
      fake = await startFakeStripe();
      t = await createTestApp(kind, {
        seed: false,
        env: {
          ORDER_HOLD_MINUTES: '60',
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_holds',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_holds',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: fake.url,
        },
      });
      alice = await t.signUp('alice-stripe-holds@torque.test');
      bob = await t.signUp('bob-stripe-holds@torque.test');
    });
    afterEach(() => assertStockBalanced(t, initial));
    after(async () => {
      await t.close();
      await fake.close();
    });

    async function orderWithIntent(available: number, quantity: number) {
      const p = await addPart(t, await t.admin(), { available, price: 3 });
      initial.set(p._id, available);
      const order = await placeOrder(t, alice, p._id, quantity);
      const res = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        alice,
      );
      assert.equal(res.statusCode, 200, res.body);
      const id = (res.json().clientSecret as string).split('_secret_')[0]!;
      return { partId: p._id, order, intent: fake.intents.get(id)! };
    }
    const getOrder = async (id: string): Promise<Order> =>
      (await t.inject({ method: 'GET', url: `/api/order/${id}` }, alice)).json();
    const webhook = (intent: FakeIntent) => {
      const payload = JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: intent },
      });
      const signature = stripeSdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return t.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    };
    const cancelsOf = (id: string) => fake.requests.filter((r) => r.path === `/v1/payment_intents/${id}/cancel`);
    const refundsOf = (id: string) => fake.refunds.filter((r) => r.payment_intent === id);

    test('an intent never paid is cancelled at Stripe, then the order expires and its stock comes back', async () => {
      const { partId, order, intent } = await orderWithIntent(5, 2);
      await endHold(t, order._id);
      assert.deepEqual(await t.app.sweepHolds(), { expired: 1, paid: 0, waiting: 0 });
      assert.equal(intent.status, 'canceled');
      assert.equal(cancelsOf(intent.id).length, 1);
      assert.ok((await getOrder(order._id)).expiredAt);
      assert.equal(await stockOf(t, partId), 5);
      await t.app.sweepHolds();
      assert.equal(cancelsOf(intent.id).length, 1, 'asked once');
    });

    test('an intent that succeeded (no webhook yet) pays the order instead', async () => {
      const { partId, order, intent } = await orderWithIntent(5, 2);
      fake.succeed(intent.id);
      await endHold(t, order._id);
      assert.deepEqual(await t.app.sweepHolds(), { expired: 0, paid: 1, waiting: 0 });
      assert.equal(cancelsOf(intent.id).length, 0);
      const paid = await getOrder(order._id);
      assert.equal(paid.payment, true);
      assert.equal(paid.paymentId, intent.id);
      assert.equal(await stockOf(t, partId), 3);
    });

    test('a processing intent keeps the hold until Stripe decides; then it pays, or the order expires', async () => {
      const a = await orderWithIntent(5, 1);
      const b = await orderWithIntent(5, 1);
      for (const x of [a, b]) {
        x.intent.status = 'processing';
        await endHold(t, x.order._id);
      }
      assert.deepEqual(await t.app.sweepHolds(), { expired: 0, paid: 0, waiting: 2 });
      assert.equal(cancelsOf(a.intent.id).length + cancelsOf(b.intent.id).length, 0);
      assert.equal((await getOrder(a.order._id)).expiredAt, null);
      a.intent.status = 'succeeded';
      b.intent.status = 'requires_payment_method'; // the bank said no
      assert.deepEqual(await t.app.sweepHolds(), { expired: 1, paid: 1, waiting: 0 });
      assert.equal((await getOrder(a.order._id)).payment, true);
      assert.ok((await getOrder(b.order._id)).expiredAt);
      assert.equal(b.intent.status, 'canceled');
      assert.equal(await stockOf(t, a.partId), 4);
      assert.equal(await stockOf(t, b.partId), 5);
    });

    test('an intent Stripe does not know cannot be charged, so the order expires', async () => {
      const { order, intent } = await orderWithIntent(5, 1);
      await endHold(t, order._id);
      fake.intents.delete(intent.id);
      assert.equal((await t.app.sweepHolds()).expired, 1);
    });

    test('a webhook success after expiry revives the order when its stock is still there', async () => {
      const { partId, order, intent } = await orderWithIntent(5, 2);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      // The cancel never reached the card network: the charge goes through anyway.
      const succeeded = { ...fake.succeed(intent.id) };
      const res = await webhook(succeeded);
      assert.equal(res.statusCode, 200, res.body);
      const revived = await getOrder(order._id);
      assert.equal(revived.payment, true);
      assert.equal(revived.expiredAt, null);
      assert.equal(await stockOf(t, partId), 3);
      assert.equal((await webhook(succeeded)).statusCode, 200);
      assert.equal(await stockOf(t, partId), 3, 'a redelivery takes nothing twice');
      assert.equal(refundsOf(intent.id).length, 0);
    });

    test('a webhook success after expiry, the stock sold meanwhile: refunded at Stripe once, the order marked refunded', async () => {
      const { partId, order, intent } = await orderWithIntent(2, 2);
      await endHold(t, order._id);
      await t.app.sweepHolds();
      await placeOrder(t, bob, partId, 2);
      const succeeded = { ...fake.succeed(intent.id) };
      const deliveries = await Promise.all([webhook(succeeded), webhook(succeeded), webhook(succeeded)]);
      for (const d of deliveries) assert.equal(d.statusCode, 200, d.body);
      assert.equal(new Set(refundsOf(intent.id).map((r) => r.id)).size, 1, 'one refund');
      assert.equal(refundsOf(intent.id)[0]!.amount, 600);
      const refunded = await getOrder(order._id);
      assert.ok(refunded.refundedAt);
      assert.equal(refunded.payment, false);
      assert.equal(await stockOf(t, partId), 0);
    });

    test("the browser's late PUT: revives with stock, else refunds and answers 409 ORDER_EXPIRED", async () => {
      const put = (orderId: string, paymentId: string) =>
        t.inject({ method: 'PUT', url: `/api/order/${orderId}`, payload: { payment: true, paymentId } }, alice);
      const kept = await orderWithIntent(3, 1);
      const gone = await orderWithIntent(1, 1);
      for (const x of [kept, gone]) await endHold(t, x.order._id);
      await t.app.sweepHolds();
      const notPaid = await put(kept.order._id, kept.intent.id);
      assert.equal(errorOf(notPaid).code, 'ORDER_EXPIRED', 'an expired order with no success cannot be paid');
      await placeOrder(t, bob, gone.partId, 1);
      fake.succeed(kept.intent.id);
      fake.succeed(gone.intent.id);
      const revived = await put(kept.order._id, kept.intent.id);
      assert.equal(revived.statusCode, 200, revived.body);
      assert.equal((revived.json() as Order).payment, true);
      const refused = await put(gone.order._id, gone.intent.id);
      assert.equal(refused.statusCode, 409);
      assert.equal(errorOf(refused).code, 'ORDER_EXPIRED');
      assert.equal(refundsOf(gone.intent.id).length, 1);
      assert.equal(await stockOf(t, kept.partId), 2);
    });

    // Last: it stops the stand-in.
    test('Stripe unreachable: an order with an intent keeps its hold (a charge may exist), and says so in the sweep', async () => {
      const { partId, order } = await orderWithIntent(4, 1);
      await endHold(t, order._id);
      await fake.close();
      assert.deepEqual(await t.app.sweepHolds(), { expired: 0, paid: 0, waiting: 1 });
      assert.equal((await getOrder(order._id)).expiredAt, null);
      assert.equal(await stockOf(t, partId), 3);
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { payments } from '../src/db/schema/index.ts';
import { databaseKinds } from './helpers/databases.ts';
import { addPart, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import { startFakeStripe, type FakeIntent } from './helpers/fake-stripe.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';
const stripeSdk = new Stripe('sk_test_unused');

/** A webhook delivery as Stripe sends it: the event JSON and its signature header. */
function signedEvent(type: string, intent: FakeIntent, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: intent },
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSdk.webhooks.generateTestHeaderString({ payload, secret }),
    },
  };
}

for (const kind of databaseKinds()) {
  describe(`card payments with the Stripe provider (${kind})`, () => {
    let t: TestApp;
    let fake: Awaited<ReturnType<typeof startFakeStripe>>;
    let alice: TestUser;
    let bob: TestUser;
    let partId: string;
    before(async () => {
      fake = await startFakeStripe();
      t = await createTestApp(kind, {
        env: {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_suite',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_suite',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: fake.url,
        },
      });
      alice = await t.signUp('alice-stripe@torque.test', 'Alice');
      bob = await t.signUp('bob-stripe@torque.test', 'Bob');
      partId = (await addPart(t, await t.admin(), { available: 500, price: 7.25 }))._id;
    });
    after(async () => {
      await t.close();
      await fake.close();
    });

    const getOrder = async (id: string): Promise<Order> =>
      (await t.inject({ method: 'GET', url: `/api/order/${id}` }, alice)).json();
    const intentFor = async (orderId: string) => {
      const res = await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId } }, alice);
      assert.equal(res.statusCode, 200, res.body);
      const id = (res.json().clientSecret as string).split('_secret_')[0]!;
      return { body: res.json(), intent: fake.intents.get(id)! };
    };
    const webhook = (type: string, intent: FakeIntent, secret?: string) => {
      const { payload, headers } = signedEvent(type, intent, secret);
      return t.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
    };

    test('the browser learns the publishable key, never the secret', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/config' });
      assert.deepEqual(res.json(), {
        paymentProvider: 'stripe',
        stripePublishableKey: 'pk_test_suite',
        googleEnabled: false,
      });
      assert.doesNotMatch(res.body, /sk_test|whsec/);
    });

    test('an intent carries the order total in cents, the order id in metadata and an idempotency key', async () => {
      const order = await placeOrder(t, alice, partId, 4);
      const { body, intent } = await intentFor(order._id);
      assert.equal(body.amount, 2900);
      assert.equal(body.currency, 'usd');
      assert.equal(intent.metadata.orderId, order._id);
      assert.equal(intent.receipt_email, alice.email);
      const create = fake.requests.filter((r) => r.method === 'POST' && r.form.get('metadata[orderId]') === order._id);
      assert.equal(create.length, 1);
      assert.equal(create[0]!.idempotencyKey, `order-${order._id}-2900`);
      assert.equal(create[0]!.authorization, 'Bearer sk_test_suite');
      const again = await intentFor(order._id);
      assert.equal(again.body.clientSecret, body.clientSecret, 'the open intent is reused');
    });

    test('PUT /api/order/:id is refused until Stripe says the intent succeeded, then marks paid', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const { intent } = await intentFor(order._id);
      const mark = () =>
        t.inject(
          { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: intent.id } },
          alice,
        );
      const early = await mark();
      assert.equal(early.statusCode, 409);
      assert.equal(errorOf(early).code, 'PAYMENT_NOT_CONFIRMED');
      fake.succeed(intent.id);
      const paid = await mark();
      assert.equal(paid.statusCode, 200, paid.body);
      assert.equal(paid.json().paymentId, intent.id);
    });

    test('an admin refund goes through Stripe once, whatever the repeats (issue 29)', async () => {
      const order = await placeOrder(t, alice, partId, 2);
      const { intent } = await intentFor(order._id);
      fake.succeed(intent.id);
      const paid = await webhook('payment_intent.succeeded', fake.intents.get(intent.id)!);
      assert.equal(paid.statusCode, 200, paid.body);
      const admin = await t.admin();
      const refund = () => t.inject({ method: 'POST', url: `/api/order/${order._id}/refund` }, admin);
      const answers = [...(await Promise.all([refund(), refund()])), await refund()];
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      const refunded: Order = answers[0]!.json();
      assert.ok(refunded.refundedAt);
      assert.equal(refunded.creditNotes.length, 1);
      for (const a of answers) assert.deepEqual(a.json(), refunded);
      const mine = fake.refunds.filter((r) => r.payment_intent === intent.id);
      assert.deepEqual(
        mine.map((r) => r.amount),
        [1450],
        'one refund of the whole payment',
      );
    });

    test('a signed payment_intent.succeeded marks the order paid; three deliveries change nothing more', async () => {
      const order = await placeOrder(t, alice, partId, 2);
      const { intent } = await intentFor(order._id);
      const succeeded = fake.succeed(intent.id);
      const first = await webhook('payment_intent.succeeded', succeeded);
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json(), { received: true });
      const paidAt = (await getOrder(order._id)).paidAt;
      assert.ok(paidAt);
      for (const res of await Promise.all([
        webhook('payment_intent.succeeded', succeeded),
        webhook('payment_intent.succeeded', succeeded),
        webhook('payment_intent.succeeded', succeeded),
      ])) {
        assert.equal(res.statusCode, 200);
      }
      assert.equal((await getOrder(order._id)).paidAt, paidAt);
      assert.equal((await t.db.database.db.select().from(payments).where(eq(payments.orderId, order._id))).length, 1);
    });

    test("the browser's confirmation and the webhook racing mark the order paid once", async () => {
      for (let round = 0; round < 5; round++) {
        const order = await placeOrder(t, alice, partId, 1);
        const { intent } = await intentFor(order._id);
        const succeeded = fake.succeed(intent.id);
        const results = await Promise.all([
          t.inject(
            { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: intent.id } },
            alice,
          ),
          webhook('payment_intent.succeeded', succeeded),
          t.inject(
            { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: intent.id } },
            alice,
          ),
          webhook('payment_intent.succeeded', succeeded),
        ]);
        for (const res of results) assert.equal(res.statusCode, 200, res.body);
        const paidAts = new Set(results.filter((r) => r.json().paidAt).map((r) => r.json().paidAt));
        assert.equal(paidAts.size, 1);
        assert.equal((await t.db.database.db.select().from(payments).where(eq(payments.orderId, order._id))).length, 1);
      }
    });

    test('forged, unsigned or mismatched events change nothing', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const { intent } = await intentFor(order._id);
      const succeeded = { ...fake.succeed(intent.id) };
      const forged = await webhook('payment_intent.succeeded', succeeded, 'whsec_someone_else');
      assert.equal(forged.statusCode, 400);
      const unsigned = await t.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: succeeded } }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(unsigned.statusCode, 400);
      const cheaper = await webhook('payment_intent.succeeded', { ...succeeded, amount: 1 });
      assert.equal(cheaper.statusCode, 200, 'acknowledged, so Stripe does not retry');
      const failed = await webhook('payment_intent.payment_failed', {
        ...succeeded,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      });
      assert.equal(failed.statusCode, 200);
      const other = await webhook('charge.refunded', succeeded);
      assert.equal(other.statusCode, 200);
      assert.equal((await getOrder(order._id)).payment, false);
    });

    test("another customer's intent request is 403; the sandbox confirm is not served", async () => {
      const order = await placeOrder(t, alice, partId, 1);
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, bob))
          .statusCode,
        403,
      );
      const sandbox = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret: 'pi_1_secret_2', card: testCard(TEST_CARDS.visa) },
        },
        alice,
      );
      assert.equal(sandbox.statusCode, 404);
    });
  });
}

describe('Stripe unreachable', () => {
  test('creating an intent answers 502 with a clear message, and the order stays as it was', async () => {
    const fake = await startFakeStripe();
    const url = fake.url;
    await fake.close();
    const t = await createTestApp('pglite', {
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_suite',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_suite',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: url,
      },
    });
    try {
      const alice = await t.signUp('alice-down@torque.test');
      const part = await addPart(t, await t.admin(), { available: 5 });
      const order = await placeOrder(t, alice, part._id, 1);
      const res = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        alice,
      );
      assert.equal(res.statusCode, 502);
      assert.equal(errorOf(res).code, 'PAYMENT_PROVIDER_ERROR');
      const after = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice)).json();
      assert.equal(after.payment, false);
    } finally {
      await t.close();
    }
  });
});

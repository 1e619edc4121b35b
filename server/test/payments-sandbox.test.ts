import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import { eq } from 'drizzle-orm';
import { payments, sandboxPaymentIntents } from '../src/db/schema/index.ts';
import { databaseKinds } from './helpers/databases.ts';
import { addPart, payWithSandbox, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

for (const kind of databaseKinds()) {
  describe(`card payments with the sandbox provider (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    let bob: TestUser;
    let partId: string;
    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      alice = await t.signUp('alice-pay@torque.test', 'Alice');
      bob = await t.signUp('bob-pay@torque.test', 'Bob');
      partId = (await addPart(t, await t.admin(), { available: 1000, price: 19.99 }))._id;
    });
    after(() => t.close());

    const getOrder = async (id: string, as: TestUser = alice): Promise<Order> =>
      (await t.inject({ method: 'GET', url: `/api/order/${id}` }, as)).json();

    test("the issue's walk: order 5, intent, 4242 confirms, marked paid, recorded, shipped", async () => {
      const order = await placeOrder(t, alice, partId, 5);
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id, price: 99.95 } },
        alice,
      );
      assert.equal(intent.statusCode, 200, intent.body);
      assert.deepEqual(
        { ...(intent.json() as object), clientSecret: typeof intent.json().clientSecret },
        { clientSecret: 'string', amount: 9995, currency: 'usd' },
      );
      const confirm = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: {
            clientSecret: intent.json().clientSecret,
            card: testCard(TEST_CARDS.visa),
            billingEmail: alice.email,
          },
        },
        alice,
      );
      assert.equal(confirm.statusCode, 200, confirm.body);
      const { id, status, order: paidOrder } = confirm.json();
      assert.equal(status, 'succeeded');
      assert.match(id, /^pi_/);
      // The confirmation recorded the payment and answers the paid order, as GET /order/:id reads it.
      assert.equal(paidOrder.payment, true);
      assert.equal(paidOrder.paymentId, id);
      const read = await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, alice);
      assert.deepEqual(paidOrder, read.json());
      // A client that still does what PRODUCT.md §7 says (PUT /order/:id, POST /payment) only replays.
      const put = await t.inject(
        { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: id } },
        alice,
      );
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().payment, true);
      assert.equal(put.json().paymentId, id);
      const record = await t.inject(
        {
          method: 'POST',
          url: '/api/payment',
          payload: { paymentId: id, price: 1, quantity: 999, email: bob.email, name: 'forged' },
        },
        alice,
      );
      assert.equal(record.statusCode, 200, 'the record was written when the order was marked paid');
      assert.deepEqual(
        { ...(record.json() as object), _id: 'x', createdAt: 'x' },
        {
          _id: 'x',
          createdAt: 'x',
          paymentId: id,
          orderId: order._id,
          price: 99.95,
          quantity: 5,
          email: alice.email,
          name: order.name,
        },
      );
      const seen = await getOrder(order._id);
      assert.equal(seen.payment, true);
      assert.ok(seen.paidAt);
      const shipped = await t.inject(
        { method: 'PUT', url: `/api/orders/${order._id}`, payload: { status: 'shipped' } },
        admin,
      );
      assert.equal(shipped.json().status, 'shipped');
    });

    test('the sandbox stores brand and last 4 digits, never the card number or CVC', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const { clientSecret } = await payWithSandbox(t, alice, order._id);
      const [row] = await t.db.database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      assert.equal(row!.cardBrand, 'visa');
      assert.equal(row!.cardLast4, '4242');
      assert.doesNotMatch(JSON.stringify(row), /4242424242424242|"123"/);
    });

    const declines: [string, Parameters<typeof testCard>[1], string, string][] = [
      [TEST_CARDS.declined, {}, 'card_declined', 'Your card was declined.'],
      [TEST_CARDS.insufficientFunds, {}, 'insufficient_funds', 'Your card has insufficient funds.'],
      ['4242 4242 4242 4241', {}, 'invalid_number', 'Your card number is invalid.'],
      ['1234', {}, 'invalid_number', 'Your card number is invalid.'],
      [TEST_CARDS.visa, { expYear: 2020 }, 'invalid_expiry_year', 'Your card’s expiration date is in the past.'],
      [TEST_CARDS.visa, { cvc: '12' }, 'invalid_cvc', 'Your card’s security code is invalid.'],
      [TEST_CARDS.visa, { cvc: 'abc' }, 'invalid_cvc', 'Your card’s security code is invalid.'],
    ];
    for (const [number, overrides, code, message] of declines) {
      test(`${number} ${JSON.stringify(overrides)} → 402 ${code}, the order stays unpaid, a good card still works after`, async () => {
        const order = await placeOrder(t, alice, partId, 1);
        const intent = (
          await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, alice)
        ).json();
        const res = await t.inject(
          {
            method: 'POST',
            url: '/api/payments/sandbox/confirm',
            payload: { clientSecret: intent.clientSecret, card: testCard(number, overrides) },
          },
          alice,
        );
        assert.equal(res.statusCode, 402, res.body);
        assert.deepEqual(errorOf(res), { code, message });
        assert.equal((await getOrder(order._id)).payment, false);
        const retry = await t.inject(
          {
            method: 'POST',
            url: '/api/payments/sandbox/confirm',
            payload: { clientSecret: intent.clientSecret, card: testCard(TEST_CARDS.visa) },
          },
          alice,
        );
        assert.equal(retry.statusCode, 200);
        assert.equal((await getOrder(order._id)).payment, true);
      });
    }

    test('one open intent per order: asking again returns the same client secret', async () => {
      const order = await placeOrder(t, alice, partId, 2);
      const ask = () =>
        t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, alice);
      const [a, b, c] = await Promise.all([ask(), ask(), ask()]);
      assert.equal(a!.json().clientSecret, b!.json().clientSecret);
      assert.equal(b!.json().clientSecret, c!.json().clientSecret);
      assert.equal((await ask()).json().clientSecret, a!.json().clientSecret);
    });

    test('intents: a wrong original-client price is refused, another customer is 403, a paid order is 409, unknown 404', async () => {
      const order = await placeOrder(t, alice, partId, 2);
      const wrongPrice = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id, price: 1 } },
        alice,
      );
      assert.equal(wrongPrice.statusCode, 400);
      assert.match(errorOf(wrongPrice).message, /\$39\.98/);
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, bob))
          .statusCode,
        403,
      );
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, admin))
          .statusCode,
        403,
      );
      assert.equal(
        (
          await t.inject(
            {
              method: 'POST',
              url: '/api/create-payment-intent',
              payload: { orderId: '00000000-0000-4000-8000-000000000000' },
            },
            alice,
          )
        ).statusCode,
        404,
      );
      await payWithSandbox(t, alice, order._id);
      const paid = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        alice,
      );
      assert.equal(paid.statusCode, 409);
      assert.equal(errorOf(paid).code, 'ORDER_PAID');
    });

    test("another customer cannot confirm, mark paid or record someone else's payment", async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const intent = (
        await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, alice)
      ).json();
      const confirmByBob = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret: intent.clientSecret, card: testCard(TEST_CARDS.visa) },
        },
        bob,
      );
      assert.equal(confirmByBob.statusCode, 403);
      assert.equal((await getOrder(order._id)).payment, false);
      const { confirm } = await payWithSandbox(t, alice, order._id);
      const paymentId = confirm.body.id;
      assert.equal(
        (await t.inject({ method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId } }, bob))
          .statusCode,
        403,
      );
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/payment', payload: { paymentId } }, bob)).statusCode,
        403,
      );
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/payment', payload: { paymentId } }, admin)).statusCode,
        200,
      );
    });

    test('marking paid without a succeeded intent for this order and amount is refused', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const other = await placeOrder(t, alice, partId, 3);
      const markWith = (paymentId: string) =>
        t.inject({ method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId } }, alice);
      const invented = await markWith('pi_invented');
      assert.equal(invented.statusCode, 409);
      assert.equal(errorOf(invented).code, 'PAYMENT_NOT_CONFIRMED');
      // An intent that exists but has not been paid.
      const open = (
        await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, alice)
      ).json();
      assert.equal((await markWith(open.clientSecret.split('_secret_')[0])).statusCode, 409);
      // A real, succeeded payment, but for another order.
      const { confirm } = await payWithSandbox(t, alice, other._id);
      assert.equal((await markWith(confirm.body.id)).statusCode, 409);
      assert.equal((await getOrder(order._id)).payment, false);
      const mass = await t.inject(
        { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: false, paymentId: 'x' } },
        alice,
      );
      assert.equal(mass.statusCode, 400);
    });

    test('a double-clicked Pay, two tabs and a replayed confirmation mark the order paid exactly once', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const intent = (
        await t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }, alice)
      ).json();
      const confirmOnce = () =>
        t.inject(
          {
            method: 'POST',
            url: '/api/payments/sandbox/confirm',
            payload: { clientSecret: intent.clientSecret, card: testCard(TEST_CARDS.visa) },
          },
          alice,
        );
      const confirms = await Promise.all(Array.from({ length: 6 }, confirmOnce));
      const ids = new Set(confirms.map((r) => (assert.equal(r.statusCode, 200, r.body), r.json().id)));
      assert.equal(ids.size, 1);
      const [paymentId] = ids;
      const marks = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.inject({ method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId } }, alice),
        ),
      );
      const paidAts = new Set(marks.map((r) => (assert.equal(r.statusCode, 200, r.body), r.json().paidAt)));
      assert.equal(paidAts.size, 1, 'paidAt is set once and never moves');
      const records = await t.db.database.db.select().from(payments).where(eq(payments.orderId, order._id));
      assert.equal(records.length, 1);
    });

    test('bad confirm bodies are 400 and unknown client secrets 404', async () => {
      const bad = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret: 'x', card: { number: TEST_CARDS.visa } },
        },
        alice,
      );
      assert.equal(bad.statusCode, 400);
      const unknown = await t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: { clientSecret: 'pi_x_secret_y', card: testCard(TEST_CARDS.visa) },
        },
        alice,
      );
      assert.equal(unknown.statusCode, 404);
      assert.equal(
        (
          await t.inject({
            method: 'POST',
            url: '/api/payments/sandbox/confirm',
            payload: { clientSecret: 'pi_x_secret_y', card: testCard(TEST_CARDS.visa) },
          })
        ).statusCode,
        401,
      );
    });

    test('the Stripe webhook is not served when the provider is the sandbox', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: { type: 'payment_intent.succeeded' },
        headers: { 'stripe-signature': 't=1,v1=x' },
      });
      assert.equal(res.statusCode, 404);
    });
  });
}

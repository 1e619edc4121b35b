import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderIntent,
} from '../src/modules/payments/payment-provider.ts';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider.ts';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.ts';
import { TEST_CARDS, testCard } from '@torque/testkit';
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts';
import { startFakeStripe } from './helpers/fake-stripe.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_provider_contract';

/** What each implementation needs to play its part: charging a card the way its customers do. */
interface Harness {
  provider: PaymentProvider;
  /** The customer's card succeeds: our own form (sandbox) or Stripe.js (Stripe). */
  charge(intent: ProviderIntent): Promise<void>;
  close(): Promise<void>;
}

async function sandboxHarness(kind: DatabaseKind): Promise<Harness> {
  const t: TestApp = await createTestApp(kind, { seed: false });
  const provider = createSandboxProvider(t.db.database.db);
  return {
    provider,
    async charge(intent) {
      const result = await provider.confirmCard!(intent.clientSecret, testCard(TEST_CARDS.visa));
      assert.equal(result.kind, 'succeeded');
    },
    close: () => t.close(),
  };
}

async function stripeHarness(): Promise<Harness> {
  const fake = await startFakeStripe();
  const provider = createStripeProvider({
    secretKey: 'sk_test_contract',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
  return { provider, charge: async (intent) => void fake.succeed(intent.id), close: fake.close };
}

/**
 * The provider interface is the whole life cycle of a payment; both implementations must behave
 * alike on it, so nothing outside modules/payments ever needs to know which one is configured.
 */
const harnesses: [string, () => Promise<Harness>][] = [
  ...databaseKinds().map((kind): [string, () => Promise<Harness>] => [`sandbox (${kind})`, () => sandboxHarness(kind)]),
  ['stripe (local stand-in)', stripeHarness],
];

for (const [name, start] of harnesses) {
  describe(`payment provider contract: ${name}`, () => {
    let h: Harness;
    before(async () => (h = await start()));
    after(() => h.close());

    const newIntent = (amountCents = 4_250) =>
      h.provider.createIntent({ orderId: randomUUID(), amountCents, currency: 'usd', email: 'c@torque.test' });

    test('create is idempotent per order and amount; retrieve and the client secret find it', async () => {
      const orderId = randomUUID();
      const input = { orderId, amountCents: 1_999, currency: 'usd', email: 'c@torque.test' };
      const first = await h.provider.createIntent(input);
      const again = await h.provider.createIntent(input);
      assert.equal(again.id, first.id);
      assert.deepEqual(
        { amount: first.amount, currency: first.currency, status: first.status, orderId: first.orderId },
        { amount: 1_999, currency: 'usd', status: 'requires_payment_method', orderId },
      );
      assert.equal((await h.provider.retrieveIntent(first.id))?.id, first.id);
      assert.equal((await h.provider.intentByClientSecret(first.clientSecret))?.id, first.id);
      assert.equal(await h.provider.intentByClientSecret(`${first.id}_secret_forged`), null);
      assert.equal(await h.provider.retrieveIntent('pi_unknown'), null);
    });

    test('a cancelled intent can no longer be paid, and there is nothing to refund', async () => {
      const intent = await newIntent();
      const cancelled = await h.provider.cancelIntent(intent.id);
      assert.equal(cancelled?.status, 'canceled');
      assert.equal((await h.provider.retrieveIntent(intent.id))?.status, 'canceled');
      if (h.provider.confirmCard) {
        const late = await h.provider.confirmCard(intent.clientSecret, testCard(TEST_CARDS.visa));
        assert.equal(late.kind, 'declined');
        assert.equal((await h.provider.retrieveIntent(intent.id))?.status, 'canceled');
      }
      await assert.rejects(h.provider.refund(intent.id, intent.amount));
      assert.equal(await h.provider.cancelIntent('pi_unknown'), null);
    });

    test('a succeeded intent is not cancelled but refunded, once however often it is asked', async () => {
      const intent = await newIntent(7_700);
      await h.charge(intent);
      assert.equal((await h.provider.cancelIntent(intent.id))?.status, 'succeeded', 'charged money is refunded');
      const refund = await h.provider.refund(intent.id, intent.amount);
      assert.equal(refund.status, 'succeeded');
      assert.equal(refund.amount, 7_700);
      const again = await h.provider.refund(intent.id, intent.amount);
      assert.equal(again.id, refund.id);
    });

    test('webhook deliveries become provider-neutral events, or are refused unsigned', async () => {
      const intent = await newIntent();
      const payload = Buffer.from(
        JSON.stringify({
          id: 'evt_contract',
          object: 'event',
          type: 'payment_intent.succeeded',
          data: {
            object: {
              id: intent.id,
              object: 'payment_intent',
              amount: intent.amount,
              currency: 'usd',
              status: 'succeeded',
              client_secret: intent.clientSecret,
              metadata: { orderId: intent.orderId },
            },
          },
        }),
      );
      const signature = new Stripe('sk_unused').webhooks.generateTestHeaderString({
        payload: payload.toString(),
        secret: WEBHOOK_SECRET,
      });
      if (h.provider.name === 'sandbox') {
        // The sandbox calls the store itself: it has no webhooks to accept.
        assert.equal(h.provider.parseWebhook(payload, signature), null);
        return;
      }
      const event = h.provider.parseWebhook(payload, signature);
      assert.equal(event?.type, 'payment.succeeded');
      assert.equal(event.type === 'payment.succeeded' && event.intent.orderId, intent.orderId);
      assert.throws(() => h.provider.parseWebhook(payload, undefined), WebhookSignatureError);
      assert.throws(() => h.provider.parseWebhook(Buffer.from('{}'), signature), WebhookSignatureError);
    });
  });
}

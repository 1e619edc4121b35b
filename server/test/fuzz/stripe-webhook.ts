import fc from 'fast-check';
import Stripe from 'stripe';
import { describeRequest, type FuzzRequest } from './requests.ts';
import { evilNumber, evilString, evilValue, jsonText } from './values.ts';

const stripe = new Stripe('sk_test_unused');

export interface WebhookTargets {
  secret: string;
  /** Unpaid orders a well-formed, signed event may pay (a 2xx). */
  orders: { id: string; amountCents: number }[];
}

/** A PaymentIntent as Stripe describes it, any field of which may be missing or wrong. */
const intentOf = (targets: WebhookTargets) =>
  fc.record(
    {
      id: fc.oneof(fc.constantFrom('pi_fuzz_1', 'pi_fuzz_2'), evilString),
      object: fc.constant('payment_intent'),
      amount: fc.oneof(fc.constantFrom(...targets.orders.map((o) => o.amountCents)), evilNumber),
      currency: fc.oneof(fc.constant('usd'), evilString),
      status: fc.oneof(fc.constantFrom('succeeded', 'requires_payment_method', 'canceled'), evilString),
      client_secret: fc.oneof(fc.constant(null), evilString),
      // Another integration on the same Stripe account sends intents whose orderId is not ours.
      metadata: fc.oneof(
        fc.record({ orderId: fc.oneof(fc.constantFrom(...targets.orders.map((o) => o.id)), evilString) }),
        fc.constant({}),
        evilValue,
      ),
      last_payment_error: fc.oneof(fc.constant(null), fc.record({ code: evilString, message: evilString })),
    },
    { requiredKeys: ['object'] },
  );

const eventOf = (targets: WebhookTargets) =>
  fc.record(
    {
      id: fc.oneof(fc.constant('evt_fuzz'), evilString),
      object: fc.constant('event'),
      type: fc.oneof(
        fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'),
        evilString,
      ),
      data: fc.oneof(
        { arbitrary: fc.record({ object: intentOf(targets) }), weight: 5 },
        { arbitrary: fc.record({ object: evilValue }), weight: 1 },
        { arbitrary: evilValue, weight: 1 },
      ),
    },
    { requiredKeys: ['object', 'type'] },
  );

type Signer = (payload: string) => string | undefined;

/** Signed as Stripe signs (most of the time), or not quite. */
const signerOf = (secret: string): fc.Arbitrary<Signer> =>
  fc.oneof(
    {
      arbitrary: fc.constant<Signer>((payload) => stripe.webhooks.generateTestHeaderString({ payload, secret })),
      weight: 6,
    },
    {
      arbitrary: fc.constant<Signer>((payload) =>
        stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constant<Signer>((payload) =>
        stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.constant<Signer>(() => stripe.webhooks.generateTestHeaderString({ payload: '{}', secret })),
      weight: 1,
    },
    { arbitrary: fc.constant<Signer>(() => undefined), weight: 1 },
    {
      arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map(
        (s): Signer =>
          () =>
            s,
      ),
      weight: 1,
    },
  );

const MALFORMED = [
  '{',
  '{"type":"payment_intent.succeeded","data":',
  'null',
  '[]',
  '"event"',
  '{"data":{"object":null},"type":"payment_intent.succeeded"}',
];

/** Deliveries to the Stripe webhook: signed events with fuzzed contents, and everything a forger would try. */
export function webhookRequests(targets: WebhookTargets): fc.Arbitrary<FuzzRequest> {
  const payload = fc.oneof(
    { arbitrary: eventOf(targets).map(jsonText), weight: 8 },
    { arbitrary: fc.constantFrom(...MALFORMED), weight: 1 },
    { arbitrary: evilValue.map(jsonText), weight: 1 },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 9 },
    { arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1'), weight: 1 },
  );
  return fc.tuple(payload, signerOf(targets.secret), contentType).map(([body, sign, type]) => {
    const signature = sign(body);
    const request: FuzzRequest = {
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': type, ...(signature !== undefined && { 'stripe-signature': signature }) },
      payload: body,
    };
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });
}

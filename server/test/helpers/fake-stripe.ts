import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: null | { code: string; message: string };
}

/**
 * A local server that answers the PaymentIntents calls the store makes the way Stripe's API
 * does (form-encoded requests, JSON answers, idempotency keys, Stripe's error shape), so the
 * real `stripe` SDK can be driven end to end without the internet.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: {
    method: string;
    path: string;
    idempotencyKey?: string;
    form: URLSearchParams;
    authorization?: string;
  }[] = [];
  let next = 1;

  const refunds: { id: string; amount: number; payment_intent: string; status: string }[] = [];
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  const missing = (res: http.ServerResponse, kind: string, id: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
    });

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${next}` });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method!,
      path: req.url!,
      form,
      ...(idempotencyKey && { idempotencyKey }),
      ...(req.headers.authorization && { authorization: req.headers.authorization }),
    });
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const replay = idempotencyKey && byIdempotencyKey.get(idempotencyKey);
      if (replay) return send(res, 200, intents.get(replay));
      const id = `pi_fake_${next++}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata,
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(res, 200, intent);
    }
    const m = /^\/v1\/payment_intents\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && m) {
      const intent = intents.get(decodeURIComponent(m[1]!));
      if (intent) return send(res, 200, intent);
      return send(res, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${m[1]}'`,
          param: 'intent',
        },
      });
    }
    const cancel = /^\/v1\/payment_intents\/([^/?]+)\/cancel$/.exec(req.url ?? '');
    if (req.method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return missing(res, 'payment_intent', cancel[1]!);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return send(res, 200, intent);
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const replay = idempotencyKey && refundsByKey.get(idempotencyKey);
      if (replay) return send(res, 200, replay);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return missing(res, 'payment_intent', form.get('payment_intent') ?? '');
      if (intent.status !== 'succeeded') {
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: 'This PaymentIntent does not have a successful charge to refund.',
          },
        });
      }
      const refund = {
        id: `re_fake_${next++}`,
        object: 'refund',
        amount: Number(form.get('amount') ?? intent.amount),
        payment_intent: intent.id,
        status: 'succeeded',
      };
      refunds.push(refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(res, 200, refund);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` },
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** What Stripe.js's confirmCardPayment does with a good card. */
    succeed(id: string): FakeIntent {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

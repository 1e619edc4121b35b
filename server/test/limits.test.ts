import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { BODY_LIMIT_BYTES } from '../src/server-options.ts';
import { addPart, orderBody } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, PASSWORD, type TestApp, type TestUser } from './helpers/test-app.ts';
import { differences, snapshots, type Snapshots } from './fuzz/snapshot.ts';

/**
 * OWASP API4 (unrestricted resource consumption) and the browser-side defences: the body size
 * limit, the order-placement rate limit, the request timeout, security headers and cookie
 * attributes, each tripped or read from a real response. (Sign-in, sign-up and contact rate
 * limits are in rate-limits.test.ts.)
 */

/** A JSON body of exactly `bytes` bytes (ASCII fields), padded by a long string in `field`. */
function bodyOfSize(bytes: number, fields: Record<string, unknown>, field: string): string {
  const head = JSON.stringify(fields).slice(0, -1);
  const prefix = `${head}${head.length > 1 ? ',' : ''}${JSON.stringify(field)}:"`;
  return `${prefix}${'x'.repeat(bytes - prefix.length - 2)}"}`;
}

for (const kind of databaseKinds()) {
  describe(`body size limit (${kind})`, () => {
    let t: TestApp;
    let customer: TestUser;
    let database: Snapshots;
    let partId: string;
    before(async () => {
      t = await createTestApp(kind);
      customer = await t.signUp('big-bodies@limits.test');
      partId = (await addPart(t, await t.admin(), { available: 100 }))._id;
      database = await snapshots(t.db.database.db);
    });
    after(() => t?.close());

    const targets = () =>
      [
        { url: '/api/review', as: customer, fields: { rating: 5 }, field: 'comment' },
        { url: '/api/contact', as: null, fields: { email: 'a@limits.test', subject: 'Hi' }, field: 'message' },
        { url: '/api/order', as: customer, fields: orderBody(partId, 1), field: 'address' },
        {
          url: `/api/user-update?email=${customer.email}`,
          method: 'PUT' as const,
          as: customer,
          fields: { name: 'A', phone: '1', linkedin: 'l' },
          field: 'address',
        },
        {
          url: '/api/auth/sign-up/email',
          as: null,
          fields: { email: 'huge@limits.test', password: PASSWORD },
          field: 'name',
        },
      ] as const;

    test('a body one byte over 1 MiB is refused with 413 and the error body; nothing is stored', async () => {
      for (const target of targets()) {
        const before = await database.current();
        const payload = bodyOfSize(BODY_LIMIT_BYTES + 1, target.fields, target.field);
        assert.equal(Buffer.byteLength(payload), BODY_LIMIT_BYTES + 1);
        const method = 'method' in target ? target.method : 'POST';
        const res = await t.inject(
          { method, url: target.url, payload, headers: { 'content-type': 'application/json' } },
          target.as,
        );
        assert.equal(res.statusCode, 413, `${target.url}: ${res.body.slice(0, 200)}`);
        assert.deepEqual(errorOf(res), { code: 'BODY_TOO_LARGE', message: 'The request body is too large' });
        assert.deepEqual(differences(before, await database.current()), [], `${target.url} stored something`);
      }
    });

    test('a body of exactly 1 MiB is read (and then refused by validation, not by size)', async () => {
      const target = targets()[0];
      const payload = bodyOfSize(BODY_LIMIT_BYTES, target.fields, target.field);
      const res = await t.inject(
        { method: 'POST', url: target.url, payload, headers: { 'content-type': 'application/json' } },
        target.as,
      );
      assert.equal(res.statusCode, 400, res.body.slice(0, 200));
      assert.equal(errorOf(res).code, 'VALIDATION_FAILED');
    });

    test('over a real socket, a chunked body with no length is cut off at the limit too', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const before = await database.current();
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/contact',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('error', () => {}); // the server may answer and close while we are still writing
      const response = once(req, 'response') as Promise<[http.IncomingMessage]>;
      // A complete, well-formed body 128 KiB over the limit, in 64 KiB chunks.
      const chunk = 'x'.repeat(64 * 1024);
      req.write('{"email":"a@limits.test","subject":"Hi","message":"');
      for (let written = 0; written < BODY_LIMIT_BYTES + 128 * 1024 && !req.destroyed; written += chunk.length) {
        if (!req.write(chunk)) await Promise.race([once(req, 'drain'), response]);
      }
      req.end('"}');
      const [res] = await response;
      let text = '';
      for await (const part of res) text += part;
      assert.equal(res.statusCode, 413, text);
      assert.equal(JSON.parse(text).error.code, 'BODY_TOO_LARGE');
      assert.deepEqual(differences(before, await database.current()), []);
    });
  });

  describe(`order placement rate limit (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { RATE_LIMIT_SCALE: '1' } });
    });
    after(() => t?.close());

    test('a customer placing orders in a burst is stopped with 429; no stock is taken by the refused one; others still order', async () => {
      const max = Number(t.app.rateLimits.orders.max);
      const part = await addPart(t, await t.admin(), { available: 10 * max });
      const burst = await t.signUp('burst@limits.test');
      const statuses: number[] = [];
      for (let i = 0; i < max; i++)
        statuses.push(
          (await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) }, burst)).statusCode,
        );
      assert.deepEqual(new Set(statuses), new Set([201]), 'up to the limit, every order is placed');

      const refused = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) }, burst);
      assert.equal(refused.statusCode, 429, refused.body);
      assert.equal(errorOf(refused).code, 'RATE_LIMITED');
      assert.match(errorOf(refused).message, /too many attempts.*wait \d+ (second|minute)s?/i);
      assert.ok(Number(refused.headers['retry-after']) > 0, `retry-after: ${refused.headers['retry-after']}`);
      assert.equal(await stockOf(t, part._id), 9 * max, 'exactly the placed orders took stock');
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/order?email=${burst.email}` }, burst)).json().length,
        max,
      );

      const neighbour = await t.signUp('neighbour@limits.test');
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) }, neighbour)).statusCode,
        201,
        'the limit is per customer',
      );
    });
  });
}

/** Reads what the server sends on a raw connection until it closes it. */
/**
 * Everything the server sent before it closed the connection. A client still writing when the
 * server closes gets a reset (ECONNRESET) after the answer; on a busy machine that can come
 * before the close is seen, and it is part of being cut off, not a failure of the test.
 */
async function readUntilClosed(socket: net.Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await once(socket, 'close');
  return text;
}

describe('request timeout and header size', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    // 30 s in production (REQUEST_TIMEOUT_MS); a second here, so a stalled client trips it quickly.
    t = await createTestApp('pglite', { seed: false, env: { REQUEST_TIMEOUT_MS: '1000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t?.close());

  const stall = async (firstBytes: string) => {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(firstBytes);
    // ...and nothing more: the server must give up on us.
    return readUntilClosed(socket);
  };

  const assertTimedOut = (raw: string) => {
    assert.match(raw, /^HTTP\/1\.1 408 /, raw);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
    assert.deepEqual(body, { error: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' } });
  };

  test(
    'a client that sends its headers and then stalls the body gets 408 with the error body, and nothing is stored',
    { timeout: 20_000 },
    async () => {
      const database = await snapshots(t.db.database.db);
      const before = await database.current();
      const raw = await stall(
        'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"slow@limits.test","subject":"Hi",',
      );
      assertTimedOut(raw);
      assert.deepEqual(differences(before, await database.current()), []);
    },
  );

  test(
    'a client that keeps the connection busy by trickling its body a byte at a time gets 408 too',
    { timeout: 20_000 },
    async () => {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"message":"',
      );
      const drip = setInterval(() => socket.writable && socket.write('x'), 100);
      // Stop dripping once the server answers, as a real client would.
      socket.once('data', () => clearInterval(drip));
      try {
        assertTimedOut(await readUntilClosed(socket));
      } finally {
        clearInterval(drip);
      }
    },
  );

  test('a client that never finishes its headers gets 408 too', { timeout: 20_000 }, async () => {
    assertTimedOut(await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
  });

  test("headers beyond Node's 16 KiB are refused with 431 and the error body", async () => {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20 * 1024)}\r\n\r\n`);
    const raw = await readUntilClosed(socket);
    assert.match(raw, /^HTTP\/1\.1 431 /, raw);
    assert.equal(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).error.code, 'HEADERS_TOO_LARGE');
  });

  test('a client that sends in time is served', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    assert.equal(res.status, 200);
  });
});

/** CSP without inline scripts, no sniffing, a referrer policy and no framing, as PRODUCT.md §11 needs. */
function assertSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
  assert.ok(scriptSrc, `${what}: a script-src: ${csp}`);
  assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|\*|data:/, `${what}: script-src ${scriptSrc}`);
  assert.match(csp, /(?:^|;)\s*object-src 'none'/, `${what}: object-src`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.match(
    String(res.headers['referrer-policy']),
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    what,
  );
  const framing =
    /(?:^|;)\s*frame-ancestors 'none'/.test(csp) || /^(DENY|SAMEORIGIN)$/i.test(String(res.headers['x-frame-options']));
  assert.ok(framing, `${what}: frame protection`);
}

describe('security headers and cookies', () => {
  let t: TestApp;
  before(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'torque-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Torque Parts</title><div id="root"></div><script type="module" src="/assets/index.js"></script>',
    );
    t = await createTestApp('pglite', { seed: false, env: { WEB_DIST_DIR: dist } });
  });
  after(() => t?.close());

  test("on the SPA's index.html, for the root and for client routes", async () => {
    for (const url of ['/', '/dashboard/my-orders', '/purchase/123']) {
      const res = await t.inject({ method: 'GET', url });
      assert.match(res.body, /<div id="root">/, url);
      assertSecurityHeaders(res, url);
    }
  });

  test('on API answers of every kind: data, errors, better-auth, Fastify refusals', async () => {
    const cases: [string, Promise<LightMyRequestResponse>][] = [
      ['GET /api/config', t.inject({ method: 'GET', url: '/api/config' })],
      ['a 401', t.inject({ method: 'GET', url: '/api/orders' })],
      ['a 404', t.inject({ method: 'GET', url: '/api/nope' })],
      ['a 400 from validation', t.inject({ method: 'POST', url: '/api/contact', payload: {} })],
      ['a 413', t.inject({ method: 'POST', url: '/api/contact', payload: { message: 'x'.repeat(BODY_LIMIT_BYTES) } })],
      [
        "better-auth's 401",
        t.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'nobody@limits.test', password: 'wrong-password' },
        }),
      ],
      ['an address Fastify cannot route', t.inject({ method: 'GET', url: '/api/parts/%zz' })],
      ['an over-long id', t.inject({ method: 'GET', url: `/api/parts/${'x'.repeat(300)}` })],
    ];
    for (const [what, pending] of cases) assertSecurityHeaders(await pending, what);
  });

  test('with Stripe, its script is allowed and inline scripts still are not', async () => {
    const stripe = await createTestApp('pglite', {
      seed: false,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const res = await stripe.inject({ method: 'GET', url: '/api/config' });
      assertSecurityHeaders(res, 'stripe');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self' https:\/\/js\.stripe\.com/);
    } finally {
      await stripe.close();
    }
  });

  const sessionCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();

  test('sign-up and sign-in cookies are HttpOnly and SameSite, not Secure over plain http', async () => {
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Cookie', email: 'cookie@limits.test', password: PASSWORD },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'cookie@limits.test', password: PASSWORD },
    });
    for (const res of [up, signIn]) {
      assert.equal(res.statusCode, 200, res.body);
      const cookies = sessionCookies(res);
      assert.ok(
        cookies.some((c) => c.startsWith('better-auth.session_token=')),
        cookies.join('\n'),
      );
      for (const cookie of cookies) {
        assert.match(cookie, /;\s*HttpOnly/i, cookie);
        assert.match(cookie, /;\s*SameSite=(Lax|Strict)/i, cookie);
        assert.doesNotMatch(
          cookie,
          /;\s*Secure/i,
          `${cookie}: a Secure cookie would not come back over http://localhost`,
        );
      }
    }
  });

  test('behind HTTPS (PUBLIC_URL=https://…) the cookies are Secure too, and HSTS is sent', async () => {
    const https = await createTestApp('pglite', { seed: false, env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      const up = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Secure', email: 'secure@limits.test', password: PASSWORD },
      });
      const signIn = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'secure@limits.test', password: PASSWORD },
      });
      for (const res of [up, signIn]) {
        assert.equal(res.statusCode, 200, res.body);
        const cookies = sessionCookies(res);
        assert.ok(
          cookies.some((c) => c.startsWith('__Secure-better-auth.session_token=')),
          cookies.join('\n'),
        );
        for (const cookie of cookies) assert.match(cookie, /;\s*Secure(;|$)/i, cookie);
        for (const cookie of cookies) assert.match(cookie, /;\s*HttpOnly/i, cookie);
        for (const cookie of cookies) assert.match(cookie, /;\s*SameSite=(Lax|Strict)/i, cookie);
      }
      assert.match(String(signIn.headers['strict-transport-security']), /max-age=\d{7,}/);
      assertSecurityHeaders(signIn, 'https sign-in');
    } finally {
      await https.close();
    }
  });
});

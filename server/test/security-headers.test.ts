import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The security headers are computed once at start (plugins/security-headers.ts). These are the
 * exact headers helmet gave when it ran on every request: any change here is a deliberate one.
 */
const CSP_PLAIN =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self';connect-src 'self';" +
  "frame-src 'none';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";
const CSP_STRIPE_HTTPS =
  "default-src 'self';script-src 'self' https://js.stripe.com;style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self';" +
  "connect-src 'self' https://api.stripe.com;frame-src https://js.stripe.com https://hooks.stripe.com;frame-ancestors 'none';object-src 'none';" +
  "base-uri 'self';form-action 'self';upgrade-insecure-requests";
const COMMON = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

function securityHeadersOf(res: LightMyRequestResponse): Record<string, unknown> {
  const names = ['content-security-policy', 'strict-transport-security', ...Object.keys(COMMON)];
  return Object.fromEntries(names.filter((n) => res.headers[n] !== undefined).map((n) => [n, res.headers[n]]));
}

for (const variant of [
  { what: 'plain http, sandbox payments', env: {}, expected: { 'content-security-policy': CSP_PLAIN, ...COMMON } },
  {
    what: 'HTTPS with Stripe',
    env: { ...STRIPE_ENV, PUBLIC_URL: 'https://shop.example' },
    expected: {
      'content-security-policy': CSP_STRIPE_HTTPS,
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
      ...COMMON,
    },
  },
]) {
  describe(`security headers, computed once (${variant.what})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp('pglite', { seed: false, env: variant.env });
    });
    after(() => t.close());

    test('every kind of answer carries exactly the same headers, request after request', async () => {
      const requests = [
        { method: 'GET' as const, url: '/api/config' },
        { method: 'GET' as const, url: '/api/orders' }, // 401
        { method: 'GET' as const, url: '/api/nope' }, // 404
        { method: 'POST' as const, url: '/api/contact', payload: {} }, // 400
        { method: 'GET' as const, url: '/api/docs/openapi.json' },
      ];
      for (let round = 0; round < 2; round++) {
        for (const request of requests) {
          const res = await t.inject(request);
          assert.deepEqual(
            securityHeadersOf(res),
            variant.expected,
            `${request.method} ${request.url} (${res.statusCode}), round ${round + 1}`,
          );
        }
      }
    });
  });
}

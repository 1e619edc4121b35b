import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, errorOf, type TestApp } from './helpers/test-app.ts';

const DOCUMENTS = ['/api/docs/', '/api/docs/openapi.json', '/api/docs/openapi.yaml', '/api/docs/js/scalar.js'];
const SAME_HEADERS = [
  'content-type',
  'content-disposition',
  'access-control-allow-origin',
  'content-security-policy',
  'x-content-type-options',
];

const decoded = (res: LightMyRequestResponse): Buffer => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
};

/** The API reference is kept in memory after its first answer, and rate limited per address. */
describe('API reference (/api/docs)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  after(() => t.close());

  test('every document answers the same bytes and headers again, in every encoding a client accepts', async () => {
    for (const url of DOCUMENTS) {
      const first = await t.inject({ method: 'GET', url });
      assert.equal(first.statusCode, 200, url);
      assert.ok(first.rawPayload.length > 0, url);
      for (const acceptEncoding of [undefined, 'br', 'gzip', 'gzip, deflate, br', 'br;q=0, gzip', 'identity']) {
        const again = await t.inject({
          method: 'GET',
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        const what = `${url} with accept-encoding ${acceptEncoding}`;
        assert.equal(again.statusCode, 200, what);
        assert.ok(decoded(again).equals(first.rawPayload), `${what}: the same document`);
        for (const header of SAME_HEADERS)
          assert.equal(again.headers[header], first.headers[header], `${what}: ${header}`);
        if (acceptEncoding === 'br;q=0, gzip')
          assert.notEqual(again.headers['content-encoding'], 'br', `${what}: br refused`);
        if (acceptEncoding === undefined || acceptEncoding === 'identity')
          assert.equal(again.headers['content-encoding'], undefined, what);
      }
    }
  });

  test('the big documents are sent compressed to clients that accept it', async () => {
    const script = await t.inject({
      method: 'GET',
      url: '/api/docs/js/scalar.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(script.headers['content-encoding'], 'br');
    assert.match(String(script.headers.vary), /accept-encoding/i);
    const plain = await t.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    assert.ok(
      script.rawPayload.length < plain.rawPayload.length / 2,
      `${script.rawPayload.length} vs ${plain.rawPayload.length} bytes`,
    );
    const spec = await t.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(spec.headers['content-encoding'], 'gzip');
    assert.ok((JSON.parse(decoded(spec).toString()) as { paths: Record<string, unknown> }).paths['/api/order']);
  });

  test('a query string does not make another document, and HEAD and the bare prefix still work', async () => {
    const plain = await t.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const withQuery = await t.inject({
      method: 'GET',
      url: '/api/docs/openapi.json?url=https://evil.example/openapi.json',
    });
    assert.equal(withQuery.statusCode, 200);
    assert.equal(withQuery.body, plain.body);
    const head = await t.inject({ method: 'HEAD', url: '/api/docs/js/scalar.js' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    const bare = await t.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(bare.statusCode, 301);
    assert.equal(bare.headers.location, '/api/docs/');
  });
});

describe('API reference rate limit', () => {
  let t: TestApp;
  before(async () => {
    // 60 a minute scaled by 0.05: 3 requests a minute per address.
    t = await createTestApp('pglite', { seed: false, env: { RATE_LIMIT_SCALE: '0.05' } });
  });
  after(() => t.close());

  test('past its limit a client gets 429 with Retry-After, cached or not; the rest of the API still answers', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await t.inject({ method: 'GET', url: DOCUMENTS[i % 2]! })).statusCode, 200);
    for (const url of DOCUMENTS) {
      const refused = await t.inject({ method: 'GET', url });
      assert.equal(refused.statusCode, 429, url);
      assert.equal(errorOf(refused).code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0, url);
    }
    const other = await t.inject({ method: 'GET', url: '/api/docs/', remoteAddress: '10.0.0.7' });
    assert.equal(other.statusCode, 200, 'another address has its own count');
    assert.equal((await t.inject({ method: 'GET', url: '/api/config' })).statusCode, 200);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { addPart, placeOrder } from '@torque/testkit';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { answerCheck, injectedAnswer } from './helpers/openapi-answers.ts';
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

/**
 * The document is what generated clients are built from: it must be valid OpenAPI, and every
 * answer of every suite is checked against it (helpers/test-app.ts), so it cannot drift.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let served: OpenAPIV3.Document;
  before(async () => {
    t = await createTestApp('pglite', { seed: false });
    served = (await t.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  });
  after(() => t.close());

  /** The schema of one answer in a copy of the document, for changing it. */
  const answerSchema = (document: OpenAPIV3.Document, path: string, status: string) =>
    (document.paths[path]!.get!.responses[status] as OpenAPIV3.ResponseObject).content!['application/json']!
      .schema as OpenAPIV3.SchemaObject;

  test('is valid OpenAPI 3.0, as swagger-parser reads the specification', async () => {
    assert.match(served.openapi, /^3\.0\./);
    await SwaggerParser.validate(structuredClone(served));
  });

  test('documents the paging headers as headers, and lets a nullable enum be null', () => {
    const headers = (served.paths['/api/orders']!.get!.responses['200'] as OpenAPIV3.ResponseObject).headers!;
    assert.deepEqual(headers['X-Total-Count'], {
      description: 'With `limit`: how many items match across all pages.',
      schema: { type: 'integer' },
    });
    const order = answerSchema(served, '/api/order/{id}', '200');
    assert.deepEqual((order.properties!.status as OpenAPIV3.SchemaObject).enum, ['shipped', null]);
  });

  test('the answer check refuses an answer the document does not allow, body or header', async () => {
    const admin = await t.admin();
    const part = await addPart(t, admin, { available: 3 });
    await placeOrder(t, admin, part._id, 1);
    const res = await t.inject({ method: 'GET', url: '/api/orders?limit=1' }, admin);
    const unshipped = injectedAnswer(res);
    assert.equal(res.statusCode, 200);
    assert.equal(await answerCheck(served).then((check) => check(unshipped)), null, 'the real document allows it');

    const noNullStatus = structuredClone(served);
    const items = (answerSchema(noNullStatus, '/api/orders', '200') as OpenAPIV3.ArraySchemaObject)
      .items as OpenAPIV3.SchemaObject;
    (items.properties!.status as OpenAPIV3.SchemaObject).enum = ['shipped'];
    assert.match(String((await answerCheck(noNullStatus))(unshipped)), /body \/0\/status must be equal to one of/);

    const textTotal = structuredClone(served);
    const headers = (textTotal.paths['/api/orders']!.get!.responses['200'] as OpenAPIV3.ResponseObject).headers!;
    headers['X-Total-Count'] = { schema: { type: 'string', pattern: '^none$' } };
    assert.match(String((await answerCheck(textTotal))(unshipped)), /header \/X-Total-Count must match pattern/);
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

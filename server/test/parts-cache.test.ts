import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Part } from '@torque/contract';
import { createCatalogueCache } from '../src/modules/catalogue/catalogue-cache.ts';
import { pickEncoding } from '../src/lib/precompressed-body.ts';
import { matchesEtag } from '../src/lib/serialised-body.ts';
import { addPart, placeOrder } from '@torque/testkit';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const part = (id: string, available: number): Part => ({
  _id: id,
  name: 'P',
  des: 'd',
  img: '/images/parts/p.svg',
  minimunOrder: 1,
  available,
  price: 1,
  universal: false,
  partNumber: `TP-${id}`,
  brand: 'Torque Parts',
  crossReferences: [],
  replacedBy: null,
  weightGrams: 1000,
  weightDefaulted: true,
  hazardous: false,
  priceBreaks: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('catalogue cache', () => {
  test('serves one load until invalidated, then loads again', async () => {
    let loads = 0;
    const cache = createCatalogueCache(async () => [part('a', ++loads)]);
    const first = await cache.list();
    assert.equal((await cache.list()).etag, first.etag);
    assert.equal(loads, 1);
    cache.invalidate();
    const second = await cache.list();
    assert.equal(loads, 2);
    assert.notEqual(second.etag, first.etag);
    assert.equal(JSON.parse(second.json.toString())[0].available, 2);
  });

  test('a load that was running when a write invalidated it is not kept', async () => {
    let release!: () => void;
    let available = 5;
    let loads = 0;
    const cache = createCatalogueCache(async () => {
      loads += 1;
      const seen = available;
      if (loads === 1) await new Promise<void>((resolve) => (release = resolve));
      return [part('a', seen)];
    });
    const early = cache.list();
    await new Promise((resolve) => setImmediate(resolve));
    available = 4; // a write commits while the first read is in flight
    cache.invalidate();
    release();
    assert.equal(JSON.parse((await early).json.toString())[0].available, 5);
    assert.equal(JSON.parse((await cache.list()).json.toString())[0].available, 4);
  });

  test('past its age the old snapshot is served while one refresh runs', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createCatalogueCache(async () => [part('a', ++loads)], { maxAgeMs: 100, now: () => clock });
    await cache.list();
    clock = 150;
    const [x, y] = await Promise.all([cache.list(), cache.list()]);
    assert.equal(JSON.parse(x.json.toString())[0].available, 1);
    assert.equal(y, x);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(loads, 2);
    assert.equal(JSON.parse((await cache.list()).json.toString())[0].available, 2);
  });

  test('If-None-Match and Accept-Encoding parsing', () => {
    assert.ok(matchesEtag('"x", "abc"', '"abc"'));
    assert.ok(matchesEtag('W/"abc"', '"abc"'));
    assert.ok(matchesEtag('*', '"abc"'));
    assert.ok(!matchesEtag('"abcd"', '"abc"'));
    assert.ok(!matchesEtag(undefined, '"abc"'));
    assert.equal(pickEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(pickEncoding('gzip, br;q=0'), 'gzip');
    assert.equal(pickEncoding('identity'), null);
    assert.equal(pickEncoding(undefined), null);
  });
});

for (const kind of databaseKinds()) {
  describe(`catalogue responses (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    test('GET /api/parts carries an ETag; the same tag gets 304 with no body', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/parts' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await t.inject({ method: 'GET', url: '/api/parts', headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const other = await t.inject({ method: 'GET', url: '/api/parts', headers: { 'if-none-match': '"stale"' } });
      assert.equal(other.statusCode, 200);
      assert.deepEqual(other.json(), res.json());
    });

    test('compressed bodies decode to the same catalogue', async () => {
      const plain = (await t.inject({ method: 'GET', url: '/api/parts' })).json();
      const br = await t.inject({ method: 'GET', url: '/api/parts', headers: { 'accept-encoding': 'gzip, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.deepEqual(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), plain);
      const gz = await t.inject({ method: 'GET', url: '/api/parts', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.deepEqual(JSON.parse(gunzipSync(gz.rawPayload).toString()), plain);
    });

    test('an admin edit changes the list, the part and the ETag at once', async () => {
      const admin = await t.admin();
      const before = await t.inject({ method: 'GET', url: '/api/parts' });
      const first = before.json()[0] as Part;
      const onePart = await t.inject({ method: 'GET', url: `/api/parts/${first._id}` });
      const put = await t.inject({ method: 'POST', url: `/api/parts/${first._id}/stock`, payload: { add: 7 } }, admin);
      assert.equal(put.statusCode, 200);
      const after = await t.inject({
        method: 'GET',
        url: '/api/parts',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      assert.equal(after.statusCode, 200);
      assert.equal(after.json()[0].available, first.available + 7);
      const part = await t.inject({
        method: 'GET',
        url: `/api/parts/${first._id}`,
        headers: { 'if-none-match': String(onePart.headers.etag) },
      });
      assert.equal(part.statusCode, 200);
      assert.equal(part.json().available, first.available + 7);
    });

    test('a new part is listed and found at once; a deleted one is gone at once', async () => {
      const admin = await t.admin();
      await t.inject({ method: 'GET', url: '/api/parts' });
      const created = await addPart(t, await t.admin(), { available: 3 });
      assert.ok((await t.inject({ method: 'GET', url: '/api/parts' })).json().some((p: Part) => p._id === created._id));
      assert.equal(await stockOf(t, created._id), 3);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${created._id}` }, admin)).statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url: `/api/parts/${created._id}` })).statusCode, 404);
      assert.ok(
        !(await t.inject({ method: 'GET', url: '/api/parts' })).json().some((p: Part) => p._id === created._id),
      );
    });

    test('an order takes stock and the catalogue shows it at once', async () => {
      const customer = await t.signUp(`cache-${kind}@torque.test`);
      const created = await addPart(t, await t.admin(), { available: 10 });
      assert.equal(await stockOf(t, created._id), 10);
      await placeOrder(t, customer, created._id, 4);
      assert.equal(await stockOf(t, created._id), 6);
      const listed = (await t.inject({ method: 'GET', url: '/api/parts' }))
        .json()
        .find((p: Part) => p._id === created._id);
      assert.equal(listed.available, 6);
    });
  });
}

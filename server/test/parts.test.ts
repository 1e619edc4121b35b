import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FitmentRow } from '@torque/contract';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

const seedParts = path.resolve(import.meta.dirname, '../src/db/seed-data/parts.json');

const newPart = {
  name: 'Test Caliper',
  des: 'A two-piston brake caliper.',
  img: '/images/parts/test.svg',
  minimunOrder: '10',
  available: '500',
  price: '42.50',
};

for (const kind of databaseKinds()) {
  describe(`parts API (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let customer: TestUser;
    // Each test counts the catalogue itself, before and after what it does: no count is carried
    // from one test to the next, so each one holds on its own and in any order.
    const partCount = async (): Promise<number> => (await t.inject({ method: 'GET', url: '/api/parts' })).json().length;
    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      customer = await t.signUp('parts-customer@torque.test');
    });
    after(() => t.close());

    test('GET /api/parts lists the seeded catalogue with numbers', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/parts' });
      assert.equal(res.statusCode, 200);
      const parts = res.json();
      assert.ok(parts.length >= 9, `expected ≥ 9 seeded parts, got ${parts.length}`);
      for (const p of parts) {
        assert.equal(typeof p._id, 'string');
        assert.equal(typeof p.price, 'number');
        assert.equal(typeof p.minimunOrder, 'number');
        assert.equal(typeof p.available, 'number');
        assert.ok(p.des.length > 0 && p.img.startsWith('/images/parts/'));
      }
      assert.ok(
        parts.filter((p: { des: string }) => p.des.length > 150).length >= 3,
        'several descriptions longer than 150 characters',
      );
    });

    test('GET /api/parts/:id returns one part; unknown and malformed ids are 404/400', async () => {
      const [first] = (await t.inject({ method: 'GET', url: '/api/parts' })).json();
      const one = await t.inject({ method: 'GET', url: `/api/parts/${first._id}` });
      assert.equal(one.statusCode, 200);
      // The list's part with its whole fitment (the seed's rows, ordered make, model, first year).
      const seeded = (JSON.parse(readFileSync(seedParts, 'utf8')) as { name: string; fitment: FitmentRow[] }[]).find(
        (p) => p.name === first.name,
      )!.fitment;
      const byVehicle = (a: FitmentRow, b: FitmentRow) =>
        a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || a.yearFrom - b.yearFrom;
      assert.ok(seeded.length > 0);
      assert.deepEqual(one.json(), { ...first, fitment: [...seeded].sort(byVehicle) });
      const unknown = await t.inject({ method: 'GET', url: '/api/parts/00000000-0000-4000-8000-000000000000' });
      assert.equal(unknown.statusCode, 404);
      assert.equal(errorOf(unknown).code, 'NOT_FOUND');
      const malformed = await t.inject({ method: 'GET', url: '/api/parts/not-an-id' });
      assert.equal(malformed.statusCode, 400);
      assert.equal(errorOf(malformed).code, 'VALIDATION_FAILED');
    });

    test('POST /api/parts: admin adds a part from text inputs; numbers come back as numbers', async () => {
      const countBefore = await partCount();
      const res = await t.inject({ method: 'POST', url: '/api/parts', payload: newPart }, admin);
      assert.equal(res.statusCode, 201);
      const created = res.json();
      assert.equal(created.price, 42.5);
      assert.equal(created.minimunOrder, 10);
      assert.equal(created.available, 500);
      const list = (await t.inject({ method: 'GET', url: '/api/parts' })).json();
      assert.equal(list.length, countBefore + 1);
      assert.equal(list.at(-1)._id, created._id, 'new parts go to the end of the catalogue');
    });

    test('POST /api/parts refuses anonymous (401) and customers (403) and changes nothing', async () => {
      const countBefore = await partCount();
      const anon = await t.inject({ method: 'POST', url: '/api/parts', payload: newPart });
      assert.equal(anon.statusCode, 401);
      const cust = await t.inject({ method: 'POST', url: '/api/parts', payload: newPart }, customer);
      assert.equal(cust.statusCode, 403);
      const forged = await t.inject({
        method: 'POST',
        url: '/api/parts',
        payload: newPart,
        headers: { authorization: 'Bearer abc.def.ghi' },
      });
      assert.equal(forged.statusCode, 401);
      assert.equal(await partCount(), countBefore);
    });

    test('POST /api/parts rejects bad input with per-field messages and stores nothing', async () => {
      const countBefore = await partCount();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...newPart, price: '-1' }, 'price'],
        [{ ...newPart, price: '1.234' }, 'price'],
        [{ ...newPart, minimunOrder: '2.5' }, 'minimunOrder'],
        [{ ...newPart, available: '-3' }, 'available'],
        [{ ...newPart, available: 'lots' }, 'available'],
        [{ ...newPart, name: '' }, 'name'],
        [{ ...newPart, name: 'x'.repeat(500) }, 'name'],
        [{ ...newPart, img: 'javascript:alert(1)' }, 'img'],
        [{ ...newPart, minimunOrder: undefined }, 'minimunOrder'],
      ];
      for (const [payload, field] of cases) {
        const res = await t.inject({ method: 'POST', url: '/api/parts', payload }, admin);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)} → ${res.body}`);
        const error = errorOf(res);
        assert.ok(error.fields?.[field], `expected a message for ${field}, got ${res.body}`);
      }
      const malformed = await t.inject(
        { method: 'POST', url: '/api/parts', payload: '{"name":', headers: { 'content-type': 'application/json' } },
        admin,
      );
      assert.equal(malformed.statusCode, 400);
      assert.equal(errorOf(malformed).code, 'MALFORMED_JSON');
      const huge = await t.inject(
        { method: 'POST', url: '/api/parts', payload: { ...newPart, des: 'x'.repeat(2 * 1024 * 1024) } },
        admin,
      );
      assert.equal(huge.statusCode, 413);
      assert.equal(errorOf(huge).code, 'BODY_TOO_LARGE');
      const wrongType = await t.inject(
        { method: 'POST', url: '/api/parts', payload: 'name=x', headers: { 'content-type': 'text/plain' } },
        admin,
      );
      assert.ok(wrongType.statusCode === 415 || wrongType.statusCode === 400, `got ${wrongType.statusCode}`);
      assert.equal(await partCount(), countBefore);
    });

    test('PUT /api/parts/:id: admin only; partial edits with If-Match; never stock; unknown id 404', async () => {
      // Its own part: renaming a seeded one would change what the other tests read.
      const first = (await t.inject({ method: 'POST', url: '/api/parts', payload: newPart }, admin)).json();
      const etag = String((await t.inject({ method: 'GET', url: `/api/parts/${first._id}` })).headers.etag);
      const put = (payload: unknown, headers: Record<string, string> = { 'if-match': etag }, as = admin) =>
        t.inject({ method: 'PUT', url: `/api/parts/${first._id}`, payload: payload as object, headers }, as);
      assert.equal((await put({ price: 1 }, { 'if-match': etag }, null as never)).statusCode, 401);
      assert.equal((await put({ price: 1 }, { 'if-match': etag }, customer)).statusCode, 403);
      assert.equal((await put({}, { 'if-match': etag })).statusCode, 400);
      // Stock is not an edit: alone it is nothing to update, beside other fields it is dropped.
      assert.equal((await put({ available: 777 })).statusCode, 400);
      const res = await put({ name: 'Renamed part', price: '12.34', available: 777 });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().name, 'Renamed part');
      assert.equal(res.json().price, 12.34);
      assert.equal(res.json().available, first.available);
      assert.equal(res.json().des, first.des);
      const unknown = await t.inject(
        {
          method: 'PUT',
          url: '/api/parts/00000000-0000-4000-8000-000000000000',
          payload: { price: 1 },
          headers: { 'if-match': etag },
        },
        admin,
      );
      assert.equal(unknown.statusCode, 404);
      const now = (await t.inject({ method: 'GET', url: `/api/parts/${first._id}` })).json();
      assert.deepEqual([now.name, now.price, now.available], ['Renamed part', 12.34, first.available]);
    });

    test('DELETE /api/part/:id: admin only; then 404', async () => {
      const created = (await t.inject({ method: 'POST', url: '/api/parts', payload: newPart }, admin)).json();
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${created._id}` })).statusCode, 401);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${created._id}` }, customer)).statusCode, 403);
      const res = await t.inject({ method: 'DELETE', url: `/api/part/${created._id}` }, admin);
      assert.equal(res.statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url: `/api/parts/${created._id}` })).statusCode, 404);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${created._id}` }, admin)).statusCode, 404);
    });
  });
}

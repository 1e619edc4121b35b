import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

for (const kind of databaseKinds()) {
  describe(`reviews, contact, config and errors (${kind})`, () => {
    let t: TestApp;
    let customer: TestUser;
    before(async () => {
      t = await createTestApp(kind);
      customer = await t.signUp('reviewer@torque.test', 'Rita Reviewer');
    });
    after(() => t.close());

    test('GET /api/review is public and lists the seeded reviews with numeric ratings', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/review' });
      assert.equal(res.statusCode, 200);
      const reviews = res.json();
      assert.ok(reviews.length >= 6);
      for (const r of reviews) assert.ok(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5);
    });

    test("POST /api/review stores the account's name, not the body's; rating may be text", async () => {
      const res = await t.inject(
        { method: 'POST', url: '/api/review', payload: { name: 'Someone Else', comment: 'Great fit', rating: '4' } },
        customer,
      );
      assert.equal(res.statusCode, 201);
      assert.equal(res.json().name, 'Rita Reviewer');
      assert.equal(res.json().rating, 4);
      const list = (await t.inject({ method: 'GET', url: '/api/review' })).json();
      assert.equal(list[0]._id, res.json()._id, 'newest first');
    });

    test('POST /api/review: anonymous 401; ratings outside 1–5 or fractional are 400', async () => {
      const before = (await t.inject({ method: 'GET', url: '/api/review' })).json().length;
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/review', payload: { comment: 'x', rating: 5 } })).statusCode,
        401,
      );
      for (const rating of [0, 6, '3.5', 'five', null, -1]) {
        const res = await t.inject({ method: 'POST', url: '/api/review', payload: { comment: 'x', rating } }, customer);
        assert.equal(res.statusCode, 400, `rating ${rating}`);
        assert.ok(errorOf(res).fields?.rating);
      }
      assert.equal((await t.inject({ method: 'GET', url: '/api/review' })).json().length, before);
    });

    test('review text with HTML is stored as text, byte for byte', async () => {
      const comment = '<script>alert("x")</script><img src=x onerror=alert(1)>';
      const res = await t.inject({ method: 'POST', url: '/api/review', payload: { comment, rating: 5 } }, customer);
      assert.equal(res.statusCode, 201);
      assert.equal(res.json().comment, comment);
      assert.match(String(res.headers['content-type']), /application\/json/);
    });

    test('POST /api/contact stores a message; bad email and missing fields are 400', async () => {
      const ok = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'buyer@fleet.test', subject: 'Bulk order', message: 'Need 400 pads' },
      });
      assert.equal(ok.statusCode, 201);
      assert.equal(ok.json().received, true);
      const bad = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'not-an-email', subject: '', message: 'x' },
      });
      assert.equal(bad.statusCode, 400);
      const fields = errorOf(bad).fields ?? {};
      assert.ok(fields.email && fields.subject);
      const missing = await t.inject({ method: 'POST', url: '/api/contact', payload: {} });
      assert.equal(missing.statusCode, 400);
    });

    test('GET /api/config says what the browser needs, and nothing secret', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/config' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { paymentProvider: 'sandbox', stripePublishableKey: null, googleEnabled: false });
    });

    test('unknown /api paths get a JSON 404; OpenAPI is served at /api/docs', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/nope' });
      assert.equal(res.statusCode, 404);
      assert.equal(errorOf(res).code, 'NOT_FOUND');
      const docs = await t.inject({ method: 'GET', url: '/api/docs/' });
      assert.equal(docs.statusCode, 200);
      assert.match(String(docs.headers['content-type']), /text\/html/);
      const spec = await t.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      assert.equal(spec.statusCode, 200);
      const paths = Object.keys(spec.json().paths);
      for (const p of ['/api/parts', '/api/parts/{id}', '/api/part/{id}', '/api/review', '/api/contact', '/api/config'])
        assert.ok(paths.includes(p), p);
    });

    test('security headers: strict CSP, nosniff, referrer policy, frame protection', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/parts' });
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.ok(res.headers['x-frame-options']);
    });
  });
}

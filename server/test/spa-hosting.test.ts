import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, errorOf, type TestApp } from './helpers/test-app.ts';

describe('SPA hosting', () => {
  let t: TestApp;
  before(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'torque-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Torque Parts</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    t = await createTestApp('pglite', { seed: false, env: { WEB_DIST_DIR: dist } });
  });
  after(() => t.close());

  test('client routes get index.html without caching (history fallback)', async () => {
    for (const url of ['/', '/dashboard/my-orders', '/purchase/123', '/no/such/page']) {
      const res = await t.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(res.body, /<div id="root">/);
    }
    const root = await t.inject({ method: 'GET', url: '/login' });
    assert.match(
      String(root.headers['cache-control']),
      /no-cache|max-age=0/,
      'index.html is revalidated on every visit',
    );
  });

  test('hashed assets are cached for a year and compressed', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['cache-control']), /max-age=31536000, immutable/);
    assert.ok(
      ['br', 'gzip'].includes(String(res.headers['content-encoding'])),
      `encoding ${res.headers['content-encoding']}`,
    );
  });

  test('robots.txt is the real file; a missing asset is a 404, not index.html', async () => {
    const robots = await t.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(robots.statusCode, 200);
    assert.match(robots.body, /User-agent/);
    const missing = await t.inject({ method: 'GET', url: '/assets/gone-123.js' });
    assert.equal(missing.statusCode, 404);
    assert.doesNotMatch(missing.body, /<div id="root">/);
  });

  test('unknown /api paths stay JSON 404s', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/definitely-not-here' });
    assert.equal(res.statusCode, 404);
    assert.equal(errorOf(res).code, 'NOT_FOUND');
  });
});

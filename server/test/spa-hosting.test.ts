import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, errorOf, type TestApp } from './helpers/test-app.ts';

/** The JSON data block `id` in an HTML page, parsed as the browser's app reads it. */
function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  assert.ok(match, `no data block #${id} in ${html.slice(0, 300)}`);
  return JSON.parse(match[1]!);
}

const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

/** A built SPA's folder: index.html (with a head, as Vite writes it) and one hashed script. */
function makeDist(indexHtml: string): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'torque-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  return dist;
}

const VITE_LIKE_INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Torque Parts</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<meta name="description" content="${'Car parts built to last. '.repeat(40)}" /></head>
<body><div id="root"></div></body></html>`;

function assertOnlyDocumentScripts(res: LightMyRequestResponse, html: string): void {
  // Nothing executable was added: every script element is the module or a JSON data block.
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g))
    assert.match(tag, /type="(module|application\/json)"/, `unexpected script element ${tag}`);
  // …and the CSP still runs no inline script: a data block needs no exception.
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
  assert.ok(scriptSrc);
  assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|sha\d+-|nonce-/);
}

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

  test('index.html carries the public config as a JSON data block, the same as GET /api/config', async () => {
    const config = (await t.inject({ method: 'GET', url: '/api/config' })).json();
    for (const url of ['/', '/login', '/index.html']) {
      const res = await t.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /text\/html/, url);
      assert.deepEqual(dataBlock(res.body, 'public-config'), config, url);
      assertOnlyDocumentScripts(res, res.body);
    }
  });

  test('a revisit gets 304 by ETag; the ETag is the bytes sent, and a rebuilt index.html is a new one', async () => {
    const dist = makeDist(VITE_LIKE_INDEX);
    const app = await createTestApp('pglite', { seed: false, env: { WEB_DIST_DIR: dist } });
    try {
      const first = await app.inject({ method: 'GET', url: '/login' });
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]+"$/, 'a strong ETag');
      assert.match(String(first.headers['cache-control']), /no-cache/);
      // The data block sits in the head, before the app's script runs.
      assert.ok(first.body.indexOf('id="public-config"') < first.body.indexOf('</head>'));

      const again = await app.inject({ method: 'GET', url: '/parts', headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const head = await app.inject({ method: 'HEAD', url: '/' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers.etag, etag);

      const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(br.headers.etag, etag, 'one ETag whatever the encoding');
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), first.body);

      // A new build (new asset names) while the server runs: the next visit gets it, not a 304.
      writeFileSync(path.join(dist, 'index.html'), VITE_LIKE_INDEX.replace('index-abc123.js', 'index-def456.js'));
      const rebuilt = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
      assert.equal(rebuilt.statusCode, 200);
      assert.notEqual(rebuilt.headers.etag, etag);
      assert.match(rebuilt.body, /index-def456\.js/);
      assert.ok(dataBlock(rebuilt.body, 'public-config'));
    } finally {
      await app.close();
    }
  });

  test('the same index.html under another config has another ETag (no stale config by 304)', async () => {
    const dist = makeDist(VITE_LIKE_INDEX);
    const sandbox = await createTestApp('pglite', { seed: false, env: { WEB_DIST_DIR: dist } });
    const stripe = await createTestApp('pglite', {
      seed: false,
      env: { WEB_DIST_DIR: dist, ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    });
    try {
      const a = await sandbox.inject({ method: 'GET', url: '/' });
      const b = await stripe.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(a.headers.etag) } });
      assert.equal(b.statusCode, 200);
      assert.notEqual(b.headers.etag, a.headers.etag);
      assert.equal(
        (dataBlock(b.body, 'public-config') as { stripePublishableKey: string }).stripePublishableKey,
        'pk_test_x',
      );
    } finally {
      await Promise.all([sandbox.close(), stripe.close()]);
    }
  });

  test('a config value cannot close the data block or open a comment (no script injection)', async () => {
    const hostile = 'pk_\u2028</script><script>alert(1)</script><!--&x';
    const app = await createTestApp('pglite', {
      seed: false,
      env: { WEB_DIST_DIR: makeDist(VITE_LIKE_INDEX), ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: hostile },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/checkout' });
      assert.equal(res.statusCode, 200);
      assert.doesNotMatch(res.body, /alert\(1\)<\/script>|<script>alert|<!--/);
      assertOnlyDocumentScripts(res, res.body);
      assert.equal(
        (dataBlock(res.body, 'public-config') as { stripePublishableKey: string }).stripePublishableKey,
        hostile,
      );
    } finally {
      await app.close();
    }
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

const base = { DATA_DIR: '/tmp/torque-config-test', AUTH_SECRET: 'x'.repeat(40) };

test('defaults give the embedded mode', () => {
  const c = loadConfig(base);
  assert.equal(c.PORT, 3000);
  assert.equal(c.DATABASE_URL, undefined);
  assert.equal(c.PAYMENT_PROVIDER, 'sandbox');
  assert.equal(c.publicUrl, 'http://localhost:3000');
  assert.equal(c.googleEnabled, false);
  assert.deepEqual(c.ADMIN_EMAILS, []);
  assert.equal(c.ORDER_HOLD_MINUTES, 1440);
  assert.equal(c.PLACING_CONCURRENCY, 4);
  assert.equal(c.METRICS_TOKEN, undefined);
  assert.equal(c.SMTP_URL, undefined, 'no SMTP_URL: mail is written to DATA_DIR/mail');
});

test('SMTP_URL takes smtp:// and smtps:// with credentials', () => {
  assert.equal(
    loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.com:587' }).SMTP_URL,
    'smtp://u:p@mail.example.com:587',
  );
  assert.equal(
    loadConfig({ ...base, SMTP_URL: 'smtps://mail.example.com:465' }).SMTP_URL,
    'smtps://mail.example.com:465',
  );
  assert.equal(loadConfig({ ...base, SMTP_URL: '' }).SMTP_URL, undefined);
});

test('ORDER_HOLD_MINUTES takes decimals (a few seconds in tests) and 0 (no expiry)', () => {
  assert.equal(loadConfig({ ...base, ORDER_HOLD_MINUTES: '0.05' }).ORDER_HOLD_MINUTES, 0.05);
  assert.equal(loadConfig({ ...base, ORDER_HOLD_MINUTES: '0' }).ORDER_HOLD_MINUTES, 0);
});

test('a bad value stops start-up with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER/],
    [{ PAYMENT_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY/],
    [{ ADMIN_EMAILS: 'root, not-an-email' }, /ADMIN_EMAILS/],
    [{ RATE_LIMIT_SCALE: '-1' }, /RATE_LIMIT_SCALE/],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, /GOOGLE_CLIENT_SECRET/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL/],
    [{ MAIL_POLL_MS: '0' }, /MAIL_POLL_MS/],
    [{ ORDER_HOLD_MINUTES: '-1' }, /ORDER_HOLD_MINUTES/],
    [{ ORDER_HOLD_MINUTES: 'a day' }, /ORDER_HOLD_MINUTES/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    [{ PLACING_CONCURRENCY: '0' }, /PLACING_CONCURRENCY/],
    [{ PLACING_CONCURRENCY: '2.5' }, /PLACING_CONCURRENCY/],
  ];
  for (const [env, name] of cases) {
    assert.throws(
      () => loadConfig({ ...base, ...env }),
      (e: unknown) => e instanceof ConfigError && name.test(e.message),
      JSON.stringify(env),
    );
  }
});

test('production refuses the sandbox payments and a missing AUTH_SECRET unless told otherwise', () => {
  assert.throws(
    () => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' }),
    /AUTH_SECRET[\s\S]*|PAYMENT_PROVIDER/,
  );
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production' }), /PAYMENT_PROVIDER is sandbox/);
  const ok = loadConfig({ ...base, NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' });
  assert.equal(ok.PAYMENT_PROVIDER, 'sandbox');
});

test('ADMIN_EMAILS is a trimmed, lower-cased list', () => {
  assert.deepEqual(loadConfig({ ...base, ADMIN_EMAILS: ' Boss@Shop.test ,ops@shop.test' }).ADMIN_EMAILS, [
    'boss@shop.test',
    'ops@shop.test',
  ]);
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addPart, placeOrder, payWithSandbox } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-suite-token-0123456789';

/** The value of one sample line (`name{labels} value`) in Prometheus' text format. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const kind of databaseKinds()) {
  describe(`GET /api/metrics (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { METRICS_TOKEN: TOKEN, ORDER_HOLD_MINUTES: '60' } });
    });
    after(() => t.close());
    const scrape = (authorization?: string) =>
      t.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

    test('answers only to its bearer token', async () => {
      assert.equal((await scrape()).statusCode, 401);
      assert.equal((await scrape('Bearer wrong-token-wrong-token')).statusCode, 401);
      assert.equal((await scrape(TOKEN)).statusCode, 401, 'the Bearer scheme is required');
      const ok = await scrape(`Bearer ${TOKEN}`);
      assert.equal(ok.statusCode, 200);
      assert.match(String(ok.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    });

    test('request durations by route pattern and status, order counters, the sweep and the pool', async () => {
      const customer = await t.signUp('metrics@torque.test');
      const part = await addPart(t, await t.admin(), { available: 10 });
      await t.inject({ method: 'GET', url: `/api/parts/${part._id}` });
      await t.inject({ method: 'GET', url: '/api/parts/00000000-0000-4000-8000-000000000000' });
      const paid = await placeOrder(t, customer, part._id, 1);
      assert.equal((await payWithSandbox(t, customer, paid._id)).confirm.status, 200);
      const cancelled = await placeOrder(t, customer, part._id, 1);
      assert.equal(
        (await t.inject({ method: 'DELETE', url: `/api/order/${cancelled._id}` }, customer)).statusCode,
        200,
      );
      const expired = await placeOrder(t, customer, part._id, 1);
      await endHold(t, expired._id);
      await t.app.sweepHolds();

      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      assert.equal(
        sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/parts/:id",status_code="200"}'),
        1,
      );
      assert.equal(
        sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/parts/:id",status_code="404"}'),
        1,
      );
      assert.doesNotMatch(text, new RegExp(part._id), 'the route pattern, never the raw URL');
      assert.equal(sample(text, 'torque_orders_total{event="placed"}'), 3);
      assert.equal(sample(text, 'torque_orders_total{event="paid"}'), 1);
      assert.equal(sample(text, 'torque_orders_total{event="cancelled"}'), 1);
      assert.equal(sample(text, 'torque_orders_total{event="expired"}'), 1);
      assert.equal(sample(text, 'torque_orders_total{event="refunded"}'), 0);
      const lastRun = sample(text, 'torque_hold_sweep_last_run_timestamp_seconds')!;
      assert.ok(Math.abs(lastRun - Date.now() / 1000) < 60);
      assert.ok(sample(text, 'torque_hold_sweep_duration_seconds')! >= 0);
      assert.equal(sample(text, 'torque_placing_active'), 0, 'nothing is being placed between requests');
      assert.equal(sample(text, 'torque_placing_waiting'), 0);
      if (kind === 'postgres') {
        assert.ok(sample(text, 'torque_db_pool_connections')! >= 1);
        assert.ok(sample(text, 'torque_db_pool_idle_connections')! >= 0);
        assert.equal(sample(text, 'torque_db_pool_waiting_requests'), 0);
      }
    });
  });
}

describe('GET /api/metrics without METRICS_TOKEN', () => {
  test('is not served at all (404), whatever is sent', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      const res = await t.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer x' } });
      assert.equal(res.statusCode, 404);
    } finally {
      await t.close();
    }
  });
});

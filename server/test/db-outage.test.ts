import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { Order } from '@torque/contract';
import { createPrivateCluster, privateClusterUnavailable, type PrivateCluster } from './resilience/postgres.ts';
import { startTraffic, type Exchange, type Probe } from './resilience/traffic.ts';
import {
  addPart,
  type ApiUser,
  call,
  eventually,
  isErrorBody,
  orderAttempt,
  REQUEST_BOUND_MS,
  type ServerProcess,
  signUp,
  startServer,
} from '@torque/testkit';

/**
 * PostgreSQL goes away under traffic and comes back. The shared server on 5432 is never
 * touched: the suite runs a cluster of its own (Debian's binaries) that it can stop, freeze
 * and start. While it is gone every request must end within a bound (15 s stopped, 20 s frozen:
 * bounds, not performance figures) as a 503 with the API's error body; the process must not die; and once
 * PostgreSQL is back the server must serve again by itself, with nothing restarted.
 */
const unavailable = privateClusterUnavailable();
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@outage.test`;

/** query_timeout (10 s) + connection timeout (3 s) + slack for a loaded machine: a bound, not a performance figure. */
const FROZEN_BOUND_MS = 20_000;

/** Reads served from the in-memory catalogue snapshot may still answer 200 while the database is away. */
const CACHED = new Set(['catalogue', 'part']);

/** A request's whole life inside [from, to]: it can only have met a missing database. */
const within = (e: Exchange, from: number, to: number) => e.startedAt >= from && e.endedAt <= to;

function describeExchange(e: Exchange): string {
  return `${e.probe} → ${e.hung ? 'HUNG' : e.status} after ${e.endedAt - e.startedAt} ms: ${JSON.stringify(e.body).slice(0, 200)}`;
}

describe('database outage: PostgreSQL goes away under traffic and comes back', { skip: unavailable }, () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let customer: ApiUser;
  let admin: ApiUser;
  let partId: string;
  let probes: Probe[];
  const placedBefore: Order[] = [];

  before(async () => {
    cluster = await createPrivateCluster();
    server = await startServer({ env: { DATABASE_URL: cluster.url, ADMIN_EMAILS: ADMIN, RATE_LIMIT_SCALE: '100' } });
    admin = await signUp(server.url, ADMIN);
    customer = await signUp(server.url, `customer-${run}@outage.test`);
    partId = (await addPart(server.url, admin, { available: 100_000 }))._id;
    for (let i = 0; i < 3; i++) placedBefore.push((await orderAttempt(server.url, customer, partId)).body as Order);
    const mine = { token: customer.token };
    probes = [
      { name: 'health', method: 'GET', path: '/api/health' },
      {
        name: 'place order',
        method: 'POST',
        path: '/api/order',
        options: { ...mine, body: { partId, quantity: 1, phone: '+1 555 0100', address: '1 Main St' } },
      },
      { name: 'read order', method: 'GET', path: `/api/order/${placedBefore[0]!._id}`, options: mine },
      {
        name: 'my orders',
        method: 'GET',
        path: `/api/order?email=${encodeURIComponent(customer.email)}`,
        options: mine,
      },
      { name: 'all orders (admin)', method: 'GET', path: '/api/orders', options: { token: admin.token } },
      {
        name: 'sign in',
        method: 'POST',
        path: '/api/auth/sign-in/email',
        options: { body: { email: customer.email, password: 'correct-horse-7' } },
      },
      { name: 'catalogue', method: 'GET', path: '/api/parts' },
      { name: 'part', method: 'GET', path: `/api/parts/${partId}` },
    ];
  });
  after(async () => {
    await server?.kill();
    await cluster?.destroy();
  });

  /**
   * Traffic before, during and after an outage that `breakDatabase` starts and `mendDatabase`
   * ends; asserts the answers in each phase.
   */
  async function outage(
    t: TestContext,
    boundMs: number,
    breakDatabase: () => Promise<void>,
    mendDatabase: () => Promise<void>,
  ): Promise<void> {
    const traffic = startTraffic(server.url, probes, { boundMs });
    try {
      // A server coming round after an outage gets half a minute.
      const patience = { timeoutMs: 30_000 };
      await eventually(
        'traffic flows',
        () => traffic.exchanges.some((e) => e.probe === 'place order' && e.status === 201),
        patience,
      );
      await breakDatabase();
      const brokeAt = Date.now();
      // Seen from the API: the readiness check and an order both say 503.
      await eventually(
        'health and orders answer 503',
        () =>
          ['health', 'place order'].every((probe) =>
            traffic.exchanges.some((e) => e.probe === probe && e.startedAt > brokeAt && e.status === 503),
          ),
        patience,
      );
      await eventually(
        'every kind of request is answered three times while the database is away',
        () =>
          probes.every((p) => traffic.exchanges.filter((e) => e.probe === p.name && e.startedAt > brokeAt).length >= 3),
        { timeoutMs: 60_000 },
      );
      const mendedAt = Date.now();
      await mendDatabase();
      await eventually(
        'the server is ready again by itself',
        () => traffic.exchanges.some((e) => e.probe === 'health' && e.startedAt > mendedAt && e.status === 200),
        patience,
      );
      await eventually(
        'orders are taken again',
        () => traffic.exchanges.some((e) => e.probe === 'place order' && e.startedAt > mendedAt && e.status === 201),
        patience,
      );
      await traffic.stop();
      t.diagnostic(
        `${traffic.exchanges.length} requests; during the outage: ${JSON.stringify(tally(traffic.exchanges.filter((e) => within(e, brokeAt, mendedAt))))}; ` +
          `slowest answer ${Math.max(...traffic.exchanges.map((e) => e.endedAt - e.startedAt))} ms`,
      );
      assertOutageAnswers(traffic.exchanges, { brokeAt, mendedAt, boundMs });
    } finally {
      await traffic.stop();
    }
    await assertRecovered();
  }

  async function assertRecovered(): Promise<void> {
    for (const order of placedBefore) {
      const res = await call<Order>(server.url, 'GET', `/api/order/${order._id}`, { token: customer.token });
      assert.equal(res.status, 200, 'orders from before the outage are there');
    }
    const health = await call(server.url, 'GET', '/api/health');
    assert.equal(health.status, 200);
    assert.ok(server.alive(), 'the same process served throughout');
  }

  test('PostgreSQL stopped (pg_ctl stop -m immediate): 503s while it is down, service again once it is back', async (t) => {
    t.diagnostic(`private cluster: initdb took ${cluster.initdbMs} ms`);
    await outage(
      t,
      REQUEST_BOUND_MS,
      () => cluster.crash(),
      () => cluster.start(),
    );
  });

  test('PostgreSQL frozen (SIGSTOP: a hung database or a network partition): bounded 503s, then service again', async (t) => {
    // Nothing fails fast here: a query already sent waits for its 10 s query_timeout, a new
    // connection for its 3 s connect timeout, and a request may meet both.
    await outage(
      t,
      FROZEN_BOUND_MS,
      async () => cluster.freeze(),
      async () => cluster.thaw(),
    );
  });
});

/** Every request answered in time; every failure a 503 with the error body and Retry-After; nothing that needs the database succeeded without it. */
function assertOutageAnswers(
  all: Exchange[],
  { brokeAt, mendedAt, boundMs }: { brokeAt: number; mendedAt: number; boundMs: number },
): void {
  const hangsOrDrops = all.filter((e) => e.status === 0);
  assert.deepEqual(
    hangsOrDrops.map(describeExchange),
    [],
    `no request hangs past ${boundMs} ms or loses its connection`,
  );
  const serverErrors = all.filter((e) => e.status >= 500 && e.status !== 503);
  assert.deepEqual(serverErrors.map(describeExchange), [], 'no 500s: an outage is a 503');
  for (const e of all.filter((x) => x.status === 503)) {
    assert.ok(
      isErrorBody(e.body) && e.body.error.code === 'SERVICE_UNAVAILABLE' && e.body.error.message.length > 0,
      describeExchange(e),
    );
    assert.ok(Number(e.retryAfter) > 0, `a 503 says when to retry: ${describeExchange(e)}`);
  }
  const duringOutage = all.filter((e) => within(e, brokeAt, mendedAt) && !CACHED.has(e.probe));
  assert.deepEqual(
    duringOutage.filter((e) => e.status !== 503).map(describeExchange),
    [],
    'whatever needs the database answers 503 while it is away',
  );
}

function tally(exchanges: Exchange[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of exchanges) {
    const key = `${e.probe} ${e.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

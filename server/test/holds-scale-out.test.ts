import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import {
  addPart,
  type ApiUser,
  call,
  createScratchDatabase,
  eventually,
  orderAttempt,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
} from '@torque/testkit';

/**
 * The hold sweep runs in every instance. Two server processes on one PostgreSQL, their sweeps
 * racing for the same due orders: each order expires exactly once and its stock comes back once
 * (sold + held + remaining = initial), also when one instance is killed with SIGKILL mid-way.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl ? false : 'set TEST_DATABASE_URL to run two instances on one PostgreSQL';
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@holds-scale.test`;
const STOCK = 300;
const ORDERS = 120;
const METRICS = `metrics-${run}-0123456789`;

/** One series of an instance's own Prometheus metrics. */
async function metric(server: ServerProcess, series: string): Promise<number> {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.split(' ')[1]);
}
/** How many orders an instance says it expired. */
const expiredBy = (server: ServerProcess) => metric(server, 'torque_orders_total{event="expired"}');
/** When an instance's hold sweep last finished (Unix seconds). */
const lastSweep = (server: ServerProcess) => metric(server, 'torque_hold_sweep_last_run_timestamp_seconds');

/**
 * Resolves once every instance has finished a sweep that started after this call: the first
 * sweep to finish may have begun before, the one after it cannot have.
 */
async function twoMoreSweeps(servers: ServerProcess[]): Promise<void> {
  for (let round = 1; round <= 2; round++) {
    const before = await Promise.all(servers.map(lastSweep));
    await eventually(`sweep ${round} of 2 on every instance`, async () =>
      (await Promise.all(servers.map(lastSweep))).every((at, i) => at > before[i]!),
    );
  }
}

describe('hold sweep: two server processes on one PostgreSQL', { skip }, () => {
  let database: ScratchDatabase;
  const servers: ServerProcess[] = [];
  let admin: ApiUser;
  let customers: ApiUser[];

  before(async () => {
    database = await createScratchDatabase(serverUrl!, { label: 'holds_scale' });
    // 0.1 minutes: a 6 s hold, swept every 1.5 s by each instance.
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAILS: ADMIN,
      RATE_LIMIT_SCALE: '100',
      METRICS_TOKEN: METRICS,
      ORDER_HOLD_MINUTES: '0.1',
    };
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    admin = await signUp(servers[0]!.url, ADMIN);
    customers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(servers[i % 2]!.url, `c${i}-${run}@holds-scale.test`)),
    );
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  /** Places `count` one-unit orders through both instances, then makes them all come due at one moment. */
  async function dueTogether(partId: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, (_, j) =>
          orderAttempt(servers[(i + j) % servers.length]!.url, customers[(i + j) % customers.length]!, partId, 1),
        ),
      );
      for (const r of batch) {
        assert.equal(r.status, 201, JSON.stringify(r.body));
        ids.push((r.body as Order)._id);
      }
      // Keep them from expiring while the rest are placed.
      await database.query(`update orders set pay_by = now() + interval '1 hour' where part_id = $1`, [partId]);
    }
    await database.query(
      `update orders set pay_by = now() + interval '500 milliseconds' where part_id = $1 and expired_at is null`,
      [partId],
    );
    return ids;
  }

  async function balance(partId: string) {
    const [row] = await database.query<{ available: number; sold: number; held: number; expired: number }>(
      `select p.available,
        (select coalesce(sum(quantity), 0)::int from orders where part_id = p.id and paid_at is not null) as sold,
        (select coalesce(sum(quantity), 0)::int from orders where part_id = p.id and paid_at is null and expired_at is null) as held,
        (select count(*)::int from orders where part_id = p.id and expired_at is not null) as expired
      from parts p where p.id = $1`,
      [partId],
    );
    return row!;
  }

  /** The part's balance once no order holds stock any more (the sweeps run every 1.5 s). */
  const noneHeld = (partId: string, what: string) =>
    eventually(
      what,
      async () => {
        const b = await balance(partId);
        return b.held === 0 ? b : false;
      },
      { timeoutMs: 30_000 },
    );

  test(`${ORDERS} orders come due at once: each expires once, the stock comes back once`, async () => {
    const partId = (await addPart(servers[0]!.url, admin, { available: STOCK }))._id;
    await dueTogether(partId, ORDERS);
    assert.deepEqual(await balance(partId), { available: STOCK - ORDERS, sold: 0, held: ORDERS, expired: 0 });
    const done = await noneHeld(partId, 'every order to expire');
    assert.deepEqual(done, { available: STOCK, sold: 0, held: 0, expired: ORDERS });
    // Both instances sweep again over the expired orders; nothing comes back twice.
    await twoMoreSweeps(servers);
    assert.equal((await balance(partId)).available, STOCK);
    const part = await call<{ available: number }>(servers[1]!.url, 'GET', `/api/parts/${partId}`);
    assert.equal(part.body.available, STOCK);
    const counts = await Promise.all(servers.map(expiredBy));
    assert.equal(counts[0]! + counts[1]!, ORDERS, `expired per instance: ${counts.join(' + ')}`);
  });

  test('kill -9 of one instance while the holds end: the other expires every order, once', async () => {
    const partId = (await addPart(servers[1]!.url, admin, { available: STOCK }))._id;
    await dueTogether(partId, ORDERS);
    // The moment the holds end as the database sees it: both sweeps are about to take them.
    await eventually('the holds to end', async () => {
      const [row] = await database.query<{ due: number }>(
        `select count(*)::int as due from orders where part_id = $1 and pay_by <= now()`,
        [partId],
      );
      return row!.due === ORDERS;
    });
    await servers[0]!.kill();
    const done = await noneHeld(partId, 'the surviving instance to expire every order');
    assert.deepEqual(done, { available: STOCK, sold: 0, held: 0, expired: ORDERS });
    assert.ok(servers[1]!.alive());
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { orderMessages, type Order } from '@torque/contract';
import Stripe from 'stripe';
import { openDatabase } from '../src/db/client.ts';
import { startFakeStripe } from './helpers/fake-stripe.ts';
import { assertPaidOnce, intentFromBoth, raceToPay, type PaidOrder } from './resilience/payment-race.ts';
import { migrationCount } from './resilience/postgres.ts';
import { deleteKeys, reachableRedis } from './resilience/redis.ts';
import {
  addPart,
  type ApiUser,
  call,
  createScratchDatabase,
  isErrorBody,
  orderAttempt,
  type Reply,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
  testCard,
} from '@torque/testkit';

/**
 * Two server processes behind one PostgreSQL (and one Redis for the rate limits), as a deploy
 * with two instances runs: the race for the last units and the race to mark an order paid
 * happen between processes, where an in-process lock or cache would not help.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl
  ? false
  : 'set TEST_DATABASE_URL (a PostgreSQL server to create scratch databases on) to run the scale-out suite';
const redisUrl = serverUrl ? await reachableRedis() : undefined;
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@scale-out.test`;
const STOCK = 100;
const ORDERS = 500;
const CUSTOMERS = 20;
const PAID_ORDERS = 12;
const REPLAYS = 3;

function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

interface Deployment {
  database: ScratchDatabase;
  servers: ServerProcess[];
  admin: ApiUser;
  customers: ApiUser[];
  close(): Promise<void>;
}

/**
 * A fresh, empty database and two instances started on it together, as a rolling deploy's
 * first two: both migrate and seed it at the same moment. Half the accounts are made on each.
 */
async function deploy(label: string, customers: number, env: Record<string, string> = {}): Promise<Deployment> {
  const database = await createScratchDatabase(serverUrl!, { label });
  const redisPrefix = `torque-${label}-${run}:`;
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    if (redisUrl) await deleteKeys(redisUrl, redisPrefix);
  };
  try {
    const fullEnv = {
      DATABASE_URL: database.url,
      ADMIN_EMAILS: ADMIN,
      // The intended load is hundreds of orders in one burst from a few accounts; limits stay on, scaled.
      RATE_LIMIT_SCALE: '100',
      ...(redisUrl && { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix }),
      ...env,
    };
    const started = await Promise.allSettled([startServer({ env: fullEnv }), startServer({ env: fullEnv })]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const admin = await signUp(servers[0]!.url, ADMIN);
    const accounts = await Promise.all(
      Array.from({ length: customers }, (_, i) => signUp(servers[i % 2]!.url, `${label}-${i}-${run}@scale-out.test`)),
    );
    return { database, servers, admin, customers: accounts, close };
  } catch (error) {
    await close();
    throw error;
  }
}

describe('scale-out: two server processes on one PostgreSQL', { skip }, () => {
  let d: Deployment;
  /** Orders the race sold, which the payment race then pays for. */
  const sold: { order: Order; owner: ApiUser }[] = [];

  before(async () => {
    d = await deploy('scale_out', CUSTOMERS);
  });
  after(() => d?.close());

  test('instances starting together migrate an empty database once (3 rounds of 4 at once)', async () => {
    for (let round = 0; round < 3; round++) {
      const empty = await createScratchDatabase(serverUrl!, { label: 'migrate_race' });
      try {
        const handles = await Promise.all(
          Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 1 })),
        );
        const outcomes = await Promise.allSettled(handles.map((h) => h.migrate()));
        await Promise.all(handles.map((h) => h.close()));
        const failed = outcomes.flatMap((o) =>
          o.status === 'rejected' ? [String((o.reason as Error).cause ?? o.reason)] : [],
        );
        assert.deepEqual(failed, [], `round ${round}`);
        const [applied] = await empty.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
        assert.equal(Number(applied!.n), migrationCount(), `round ${round}: each migration applied once`);
      } finally {
        await empty.drop();
      }
    }
  });

  test('both instances migrated and seeded the empty database once, and trust each other’s tokens', async () => {
    const [migrations] = await d.database.query<{ n: string }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    const [seeded] = await d.database.query<{ parts: string }>('select count(*) as parts from parts');
    const catalogue = await call<unknown[]>(d.servers[1]!.url, 'GET', '/api/parts');
    assert.equal(Number(migrations!.n), migrationCount(), 'each migration applied once');
    assert.ok(Number(seeded!.parts) > 0);
    assert.equal(catalogue.body.length, Number(seeded!.parts), 'one demo catalogue, not two');
    for (const [i, server] of d.servers.entries()) {
      const madeElsewhere = d.customers[(i + 1) % 2]!;
      const mine = await call(server.url, 'GET', `/api/order?email=${encodeURIComponent(madeElsewhere.email)}`, {
        token: madeElsewhere.token,
      });
      assert.equal(
        mine.status,
        200,
        `a token issued by the other instance works on instance ${i}: ${JSON.stringify(mine.body)}`,
      );
    }
  });

  test(
    'rate limits count across both instances (Redis)',
    { skip: redisUrl === undefined && 'no Redis answers (TEST_REDIS_URL or redis://127.0.0.1:6379)' },
    async () => {
      const [a, b] = d.servers as [ServerProcess, ServerProcess];
      const partId = (await addPart(a.url, d.admin, { available: 10 }))._id;
      const customer = await signUp(a.url, `limits-${run}@scale-out.test`);
      const first = await orderAttempt(a.url, customer, partId);
      const second = await orderAttempt(b.url, customer, partId);
      assert.equal(first.status, 201);
      assert.equal(second.status, 201);
      const remaining = (r: Reply) => Number(r.headers.get('x-ratelimit-remaining'));
      assert.ok(Number(first.headers.get('x-ratelimit-limit')) > 0);
      assert.equal(
        remaining(second),
        remaining(first) - 1,
        'the second instance counted the order placed on the first',
      );
    },
  );

  test(`${ORDERS} concurrent orders across both instances for ${STOCK} units: exactly ${STOCK} sold, the rest refused`, async (t) => {
    const partId = (await addPart(d.servers[0]!.url, d.admin, { available: STOCK }))._id;
    // Each account sends orders through both instances.
    const attempts = Array.from({ length: ORDERS }, (_, i) => ({
      customer: d.customers[i % CUSTOMERS]!,
      server: d.servers[Math.floor(i / CUSTOMERS) % 2]!,
    }));
    const replies = await Promise.all(
      attempts.map(({ server, customer }) => orderAttempt(server.url, customer, partId)),
    );

    const statuses = tally(replies, (r) => String(r.status));
    const refusals = replies.filter((r) => r.status === 409);
    t.diagnostic(
      `statuses ${JSON.stringify(statuses)}; refusals ${JSON.stringify(tally(refusals, (r) => (isErrorBody(r.body) ? r.body.error.code : '?')))}`,
    );
    assert.deepEqual(
      Object.keys(statuses).sort(),
      ['201', '409'],
      `only sales and refusals: ${JSON.stringify(statuses)}`,
    );
    const orders = replies.filter((r) => r.status === 201).map((r) => r.body as Order);
    assert.equal(orders.length, STOCK, 'exactly the stock is sold');
    for (const { body } of refusals) {
      assert.ok(isErrorBody(body), JSON.stringify(body));
      const { code, message } = body.error;
      const expected =
        code === 'STOCK_OUT'
          ? orderMessages.stockOut
          : code === 'ABOVE_AVAILABLE'
            ? orderMessages.aboveAvailable
            : undefined;
      assert.equal(message, expected, `${code}: ${message}`);
    }

    const [stored] = await d.database.query<{ orders: string; units: string; available: number }>(
      'select count(o.id) as orders, coalesce(sum(o.quantity), 0) as units, p.available from parts p left join orders o on o.part_id = p.id where p.id = $1 group by p.available',
      [partId],
    );
    assert.equal(Number(stored!.orders), STOCK);
    assert.equal(Number(stored!.units), STOCK, 'the stored orders add up to the stock');
    assert.equal(Number(stored!.units) + stored!.available, STOCK, 'sold + remaining = initial');
    const all = await call<Order[]>(d.servers[1]!.url, 'GET', '/api/orders', { token: d.admin.token });
    const listed = new Set(all.body.filter((o) => o.partId === partId).map((o) => o._id));
    assert.deepEqual(
      listed,
      new Set(orders.map((o) => o._id)),
      'every 201 is a stored order and every stored order was a 201',
    );

    const owners = new Map(d.customers.map((c) => [c.email, c]));
    sold.push(...orders.map((order) => ({ order, owner: owners.get(order.email)! })));
  });

  test(`sandbox confirmations raced across both instances (${REPLAYS}× confirm and ${REPLAYS}× PUT on each) pay each order exactly once`, async (t) => {
    assert.ok(sold.length >= PAID_ORDERS, 'the order race ran first');
    const card = testCard();
    const paid = await Promise.all(
      sold.slice(0, PAID_ORDERS).map(async ({ order, owner }) => {
        const clientSecret = await intentFromBoth(d.servers, order, owner);
        const confirm = (s: ServerProcess) =>
          call(s.url, 'POST', '/api/payments/sandbox/confirm', {
            token: owner.token,
            body: { clientSecret, card, billingEmail: owner.email },
          });
        return raceToPay(d.servers, { order, owner, paymentId: clientSecret.split('_secret_')[0]! }, confirm, REPLAYS);
      }),
    );
    t.diagnostic(
      `answers: ${JSON.stringify(
        tally(
          paid.flatMap((p) => p.outcomes),
          (o) => o,
        ),
      )}`,
    );
    await assertPaidOnce(d.database, d.servers, paid);
  });
});

describe('scale-out: Stripe webhook replays across two instances', { skip }, () => {
  const WEBHOOK_SECRET = 'whsec_scale_out_suite';
  const signer = new Stripe('sk_test_unused').webhooks;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let d: Deployment;

  before(async () => {
    fake = await startFakeStripe();
    d = await deploy('webhooks', 4, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_scale_out',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_scale_out',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  after(async () => {
    await d?.close();
    await fake?.close();
  });

  test(`the same payment_intent.succeeded event delivered ${REPLAYS}× to each instance, raced with PUTs, pays each order exactly once`, async (t) => {
    const partId = (await addPart(d.servers[0]!.url, d.admin, { available: STOCK }))._id;
    const paid: PaidOrder[] = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const owner = d.customers[i % d.customers.length]!;
        const placed = await orderAttempt(d.servers[i % 2]!.url, owner, partId);
        assert.equal(placed.status, 201, JSON.stringify(placed.body));
        const order = placed.body as Order;
        const paymentId = (await intentFromBoth(d.servers, order, owner)).split('_secret_')[0]!;
        // What Stripe.js does with a good card; then Stripe delivers the event, and retries it.
        const payload = JSON.stringify({
          id: `evt_${run}_${i}`,
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: fake.succeed(paymentId) },
        });
        const deliver = (s: ServerProcess) =>
          fetch(`${s.url}/api/webhooks/stripe`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'stripe-signature': signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
            },
            body: payload,
            signal: AbortSignal.timeout(15_000),
          }).then(async (res): Promise<Reply> => ({
            status: res.status,
            body: await res.json(),
            headers: res.headers,
          }));
        return raceToPay(d.servers, { order, owner, paymentId }, deliver, REPLAYS);
      }),
    );
    t.diagnostic(
      `answers: ${JSON.stringify(
        tally(
          paid.flatMap((p) => p.outcomes),
          (o) => o,
        ),
      )}`,
    );
    await assertPaidOnce(d.database, d.servers, paid);
  });
});

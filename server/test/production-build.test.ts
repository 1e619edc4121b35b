import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Order, Part } from '@torque/contract';
import { startFakeStripe } from './helpers/fake-stripe.ts';
import {
  type ApiUser,
  call,
  createScratchDatabase,
  isErrorBody,
  orderAttempt,
  type ServerProcess,
  signUp,
  startServer,
} from '@torque/testkit';

/**
 * `npm start` runs the server bundled by server/build.ts, not these sources. The bundle must
 * find its migrations, seed data and API docs from dist/, load the lazily imported driver and
 * payment provider, and behave like the sources through HTTP, bad input included.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const bundle = path.join(serverDir, 'dist/main.mjs');
const run = randomBytes(4).toString('hex');

/** A database the bundle has never seen: its first start creates, migrates and seeds it. */
interface EmptyDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function emptyPglite(): Promise<EmptyDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'torque-bundle-'));
  return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function emptyPostgres(base: string): Promise<EmptyDatabase> {
  const database = await createScratchDatabase(base, { label: 'bundle' });
  return { env: { DATABASE_URL: database.url, DATA_DIR: os.tmpdir() }, drop: () => database.drop() };
}

const targets: [string, () => Promise<EmptyDatabase>][] = [['pglite', emptyPglite]];
if (process.env.TEST_DATABASE_URL) targets.push(['postgres', () => emptyPostgres(process.env.TEST_DATABASE_URL!)]);

before(() => {
  // What `npm start` does first; a bundle already newer than its sources is left as it is.
  execFileSync(process.execPath, [path.join(serverDir, 'build.ts'), '--if-stale'], { cwd: serverDir, stdio: 'pipe' });
});

for (const [kind, createDatabase] of targets) {
  describe(`the production bundle on ${kind}`, () => {
    let database: EmptyDatabase;
    let server: ServerProcess;
    let customer: ApiUser;
    const admin = `admin-${run}@bundle.test`;

    before(async () => {
      database = await createDatabase();
      server = await startServer({
        env: { ...database.env, ADMIN_EMAILS: admin, RATE_LIMIT_SCALE: '100' },
        script: bundle,
        readyWithinMs: 120_000,
      });
      customer = await signUp(server.url, `customer-${run}@bundle.test`);
    });
    after(async () => {
      await server?.stop();
      await database?.drop();
    });

    test('migrates and seeds an empty database, then serves the catalogue', async () => {
      const parts = await call<Part[]>(server.url, 'GET', '/api/parts');
      assert.equal(parts.status, 200);
      assert.ok(parts.body.length > 0, 'the seeded catalogue');
    });

    test('answers bad input with a 4xx error body, never a 500', async () => {
      const badId = await call(server.url, 'GET', '/api/parts/not-an-id');
      assert.equal(badId.status, 400);
      assert.ok(isErrorBody(badId.body));
      const badOrder = await call(server.url, 'POST', '/api/order', {
        token: customer.token,
        body: { partId: 'x', quantity: -1 },
      });
      assert.equal(badOrder.status, 400);
      assert.ok(isErrorBody(badOrder.body));
      const anonymous = await call(server.url, 'GET', `/api/order?email=${encodeURIComponent(customer.email)}`);
      assert.equal(anonymous.status, 401);
      const unknown = await call(server.url, 'GET', '/api/no-such-route');
      assert.equal(unknown.status, 404);
      assert.ok(isErrorBody(unknown.body));
    });

    test('signs up, orders and pays with the sandbox provider', async () => {
      const [part] = (await call<Part[]>(server.url, 'GET', '/api/parts')).body;
      const placed = await orderAttempt(server.url, customer, part!._id, part!.minimunOrder);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      const intent = await call<{ clientSecret: string }>(server.url, 'POST', '/api/create-payment-intent', {
        token: customer.token,
        body: { orderId: (placed.body as Order)._id },
      });
      assert.equal(intent.status, 200, JSON.stringify(intent.body));
      assert.match(intent.body.clientSecret, /_secret_/);
    });

    test('serves the API reference and its OpenAPI document', async () => {
      const docs = await call<{ openapi: string }>(server.url, 'GET', '/api/docs/openapi.json');
      assert.equal(docs.status, 200);
      assert.match(docs.body.openapi, /^3\./);
    });
  });
}

describe('the production bundle with PAYMENT_PROVIDER=stripe', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let database: EmptyDatabase;
  let server: ServerProcess;

  before(async () => {
    stripe = await startFakeStripe();
    database = await emptyPglite();
    server = await startServer({
      env: {
        ...database.env,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_bundle',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_bundle',
        STRIPE_WEBHOOK_SECRET: 'whsec_bundle',
        STRIPE_API_URL: stripe.url,
      },
      script: bundle,
      readyWithinMs: 120_000,
    });
  });
  after(async () => {
    await server?.stop();
    await stripe?.close();
    await database?.drop();
  });

  test('loads the Stripe SDK it imports lazily and creates the intent through it', async () => {
    const customer = await signUp(server.url, `stripe-${run}@bundle.test`);
    const [part] = (await call<Part[]>(server.url, 'GET', '/api/parts')).body;
    const placed = await orderAttempt(server.url, customer, part!._id, part!.minimunOrder);
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const intent = await call<{ clientSecret: string }>(server.url, 'POST', '/api/create-payment-intent', {
      token: customer.token,
      body: { orderId: (placed.body as Order)._id },
    });
    assert.equal(intent.status, 200, JSON.stringify(intent.body));
    assert.equal(stripe.requests.filter((r) => r.path === '/v1/payment_intents').length, 1);
  });

  test('rejects an unsigned webhook with a 400, not a 500', async () => {
    const res = await call(server.url, 'POST', '/api/webhooks/stripe', { body: { type: 'payment_intent.succeeded' } });
    assert.equal(res.status, 400);
    assert.ok(isErrorBody(res.body));
  });
});

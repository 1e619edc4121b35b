import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { addPart, placeOrder } from '@torque/testkit';
import { databaseKinds, type DatabaseKind } from '../helpers/databases.ts';
import { startFakeStripe } from '../helpers/fake-stripe.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createOracle, type Oracle } from './oracle.ts';
import type { FuzzRequest } from './requests.ts';
import { routeFuzz, type RouteFuzz } from './routes.ts';
import { webhookRequests } from './stripe-webhook.ts';
import { AUTH_ADMIN_EMAIL, buildWorld, ROLES, type World } from './world.ts';

/**
 * Property-based fuzzing of every API route (OWASP API4/API6, PRODUCT.md §10: "bad input never
 * yields a 500 and never changes stored data"). Each generated request is sent as an anonymous
 * visitor, a customer and an admin; every answer must be below 500, every 4xx must carry the
 * error body, and a request that is not a 2xx must leave the database as it found it.
 *
 * Reproducible: the run's seed is printed, and FUZZ_SEED=<n> replays it. FUZZ_RUNS changes how
 * many requests are generated per route (default 200); FUZZ_ONLY=<text> fuzzes only the routes
 * whose name contains the text, while chasing one failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ONLY = process.env.FUZZ_ONLY;
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_909);
const selected = (route: string) => ONLY === undefined || route.includes(ONLY);

/** Each route gets its own stream, derived from the run's seed and the route's name. */
function seedFor(route: string): number {
  let h = 2_166_136_261;
  for (const ch of route) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return (SEED ^ h) | 0;
}

/** Runs the property for one route, naming the seed that reproduces a failure. */
async function fuzzRoute(
  route: string,
  requests: fc.Arbitrary<FuzzRequest>,
  send: (req: FuzzRequest) => Promise<void>,
): Promise<void> {
  const seed = seedFor(route);
  try {
    await fc.assert(fc.asyncProperty(requests, send), { seed, numRuns: RUNS });
  } catch (error) {
    throw new Error(`fuzzing ${route} failed (FUZZ_SEED=${SEED} reproduces the run; this route's seed is ${seed})`, {
      cause: error,
    });
  }
}

/**
 * The suites of one share of the routes (every `of`-th route from the `share`-th, zero-based), on
 * every database: fuzz.test.ts and fuzz-second-half.test.ts each run half, so the two halves (the
 * longest server suite when whole, ~30% of its time) run side by side in `npm test`. The Stripe
 * webhook's own suite runs with the second share.
 */
export function fuzzSuites({ share, of }: { share: number; of: number }): void {
  const routes = routeFuzz.filter((_, i) => i % of === share);
  const part = `share ${share + 1} of ${of}`;
  for (const kind of databaseKinds()) fuzzOn(kind, routes, part, share === of - 1);
}

function fuzzOn(kind: DatabaseKind, routes: RouteFuzz[], part: string, webhook: boolean): void {
  describe(`fuzzing every route, ${part} (${kind})`, () => {
    let t: TestApp;
    let world: World;
    let oracle: Oracle;
    /** Statuses seen per route: how deep the generated requests got (a 2xx or 409 got past validation). */
    const statuses = new Map<string, Map<number, number>>();
    const count = (route: string) => [...(statuses.get(route)?.values() ?? [])].reduce((a, b) => a + b, 0);
    /** Routes whose run finished; a failed one stops early and is reported by its own test. */
    const completed = new Set<string>();

    before(async () => {
      t = await createTestApp(kind, {
        env: {
          ADMIN_EMAILS: `${ADMIN_EMAIL},${AUTH_ADMIN_EMAIL}`,
          // The tax numbers' background re-check (a person's, a company's) would count its tries on
          // the rows the fuzzed calls left unverified while a later request is refused: it stays
          // out of the way here (tax.test.ts and company-tax-id.test.ts test it).
          VIES_RECHECK_POLL_MS: '3600000',
          VIES_RETRY_BASE_MS: '3600000',
        },
      });
      world = await buildWorld(t);
      oracle = await createOracle(t);
    });
    after(() => t?.close());

    test('every route is fuzzed, and nothing that does not exist', () => {
      const routes = [...t.app.routeAccess.keys()];
      const listed = routeFuzz.map((r) => r.route);
      assert.deepEqual(
        routes.filter((r) => !listed.includes(r)),
        [],
        'routes without a fuzz generator',
      );
      assert.deepEqual(
        listed.filter((r) => !routes.includes(r)),
        [],
        'generators for routes that do not exist',
      );
    });

    for (const spec of routes) {
      test(spec.route, { skip: !selected(spec.route) }, async () => {
        // The baseline is taken afresh, so a route that failed half-way cannot fail the next one.
        await oracle.resync();
        let turn = 0;
        await fuzzRoute(spec.route, spec.requests(world.pools), async (req) => {
          const callers = spec.callers === 'rotate' ? [ROLES[turn++ % ROLES.length]!] : ROLES;
          for (const role of callers) {
            const status = await oracle.check(req, role, {
              credentials: (spec.identity ? world.auth : world.api)[role],
              identity: spec.identity ?? false,
              // better-auth's routes may end the session they ran as (sign-out, revoke-sessions).
              ...(spec.identity && { afterSuccess: () => world.restoreAuthSessions() }),
            });
            const seen = statuses.get(spec.route) ?? new Map<number, number>();
            statuses.set(spec.route, seen.set(status, (seen.get(status) ?? 0) + 1));
          }
        });
        await world.assertCallersIntact();
        completed.add(spec.route);
      });
    }

    test('requests fuzzed', (tc) => {
      const total = [...statuses.keys()].reduce((sum, route) => sum + count(route), 0);
      tc.diagnostic(
        `FUZZ_SEED=${SEED}: ${total} requests over ${statuses.size} routes (${RUNS} generated per route, each as ${ROLES.join(', ')})`,
      );
      for (const [route, seen] of statuses) {
        const summary = [...seen].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
        tc.diagnostic(`${route}: ${summary.join(' ')}`);
      }
      for (const spec of routes.filter((r) => completed.has(r.route))) {
        const expected = spec.callers === 'rotate' ? RUNS : RUNS * ROLES.length;
        assert.ok(count(spec.route) >= expected, `${spec.route}: ${count(spec.route)} requests, expected ${expected}`);
      }
    });
  });

  // With the sandbox (above) the webhook is not served; here it is, as with Stripe in production.
  if (!webhook) return;
  describe(`fuzzing the Stripe webhook (${kind})`, { skip: !selected('POST /api/webhooks/stripe') }, () => {
    const secret = 'whsec_fuzz_secret';
    let t: TestApp;
    let fake: Awaited<ReturnType<typeof startFakeStripe>>;
    let requests: fc.Arbitrary<FuzzRequest>;
    let oracle: Oracle;
    before(async () => {
      fake = await startFakeStripe();
      t = await createTestApp(kind, {
        seed: false,
        env: {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_fuzz',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz',
          STRIPE_WEBHOOK_SECRET: secret,
          STRIPE_API_URL: fake.url,
        },
      });
      const customer = await t.signUp('webhook-customer@torque.test');
      const part = await addPart(t, await t.admin(), { available: 1000, price: 12.5 });
      const orders = [];
      for (const quantity of [1, 2, 3])
        orders.push({ id: (await placeOrder(t, customer, part._id, quantity))._id, amountCents: 1250 * quantity });
      requests = webhookRequests({ secret, orders });
      oracle = await createOracle(t);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    test('POST /api/webhooks/stripe with PAYMENT_PROVIDER=stripe: signed, unsigned and forged events', async (tc) => {
      const seen = new Map<number, number>();
      let turn = 0;
      await fuzzRoute('POST /api/webhooks/stripe (stripe)', requests, async (req) => {
        // Stripe's signature is the only credential; a caller's token changes nothing.
        const status = await oracle.check(req, ROLES[turn++ % ROLES.length]!, { credentials: {} });
        seen.set(status, (seen.get(status) ?? 0) + 1);
      });
      const summary = [...seen].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      tc.diagnostic(
        `FUZZ_SEED=${SEED}: ${[...seen.values()].reduce((a, b) => a + b, 0)} webhook deliveries: ${summary.join(' ')}`,
      );
    });
  });
}

import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import { session } from '../../src/db/schema/index.ts';
import { addPart, payWithSandbox, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import type { TestApp, TestUser } from '../helpers/test-app.ts';

export const ROLES = ['anonymous', 'customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Emails of the accounts better-auth's own routes are fuzzed as (one is listed in ADMIN_EMAILS). */
export const AUTH_CUSTOMER_EMAIL = 'fuzz-auth-customer@torque.test';
export const AUTH_ADMIN_EMAIL = 'fuzz-auth-admin@torque.test';

/**
 * Real ids and values for the generators, so requests get past "not found" and reach the
 * checks that matter. Anything a successful request may destroy (a part, a user, an order)
 * comes from a pool of its own, never from the callers the fuzzing runs as.
 */
/** The decoy parts' own numbers (PRODUCT.md §17), for the by-number and import generators. */
export const DECOY_NUMBERS = ['FZ-0001', 'FZ-0002'];

export interface Pools {
  publicUrl: string;
  parts: string[];
  /** Parts to order from: plenty of stock, a minimum order, none in stock, a very high price. */
  orderParts: string[];
  /** Parts an admin's fuzzed PUT may change. */
  decoyParts: string[];
  /** Parts an admin's fuzzed DELETE may remove. */
  doomedParts: string[];
  /** Accounts an admin's fuzzed delete or promote may hit. */
  doomedUserIds: string[];
  doomedEmails: string[];
  /** The callers' own emails and another customer's: for reads and the token exchange. */
  emails: string[];
  /** The customer's unpaid orders (each with an intent), paid orders, and another customer's. */
  unpaidOrders: string[];
  paidOrders: string[];
  otherOrders: string[];
  /** Unpaid orders of the customer's that a fuzzed cancel may delete (the others stay for paying). */
  doomedOrders: string[];
  /** Paid orders with the payment that paid them: a replayed confirmation succeeds. */
  paidPairs: { orderId: string; paymentId: string }[];
  clientSecrets: string[];
  /** Succeeded payment ids (of paid orders) and intent ids nobody paid. */
  paymentIds: string[];
  intentIds: string[];
  /** Issue 28: the customer's addresses and another customer's; the customer's a fuzzed DELETE may remove. */
  addresses: string[];
  doomedAddresses: string[];
  /** Shipping methods to read, change (decoys) and delete (doomed). */
  methods: string[];
  decoyMethods: string[];
  doomedMethods: string[];
  /** Issue 29: tax rates to read and change, and to delete. */
  taxRates: string[];
  doomedTaxRates: string[];
  /** Issue 30: companies a shop admin's fuzzed calls may change (members, terms). */
  companies: string[];
  /** Issue 30 (§25): price lists a shop admin's fuzzed calls may read and change, and delete. */
  priceLists: string[];
  doomedPriceLists: string[];
}

export interface World {
  pools: Pools;
  /** Request headers that make a request as each caller, for the API's routes. */
  api: Record<Role, Record<string, string>>;
  /** The same for better-auth's routes, as accounts of their own (sign-out may end their sessions). */
  auth: Record<Role, Record<string, string>>;
  /** Gives the better-auth callers their sessions back if a fuzzed request ended them. */
  restoreAuthSessions(): Promise<void>;
  /** Fails if a fuzzed request broke a caller the fuzzing depends on. */
  assertCallersIntact(): Promise<void>;
}

const credentials = (u: TestUser) => ({ authorization: `Bearer ${u.token}`, cookie: u.cookie });

async function unpaidOrderWithIntent(t: TestApp, as: TestUser, partId: string) {
  const order = await placeOrder(t, as, partId, 1);
  const intent = await t.inject(
    { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
    as,
  );
  assert.equal(intent.statusCode, 200, intent.body);
  const { clientSecret } = intent.json() as { clientSecret: string };
  return { orderId: order._id, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
}

async function paidOrder(t: TestApp, as: TestUser, partId: string) {
  const order = await placeOrder(t, as, partId, 1);
  const { confirm } = await payWithSandbox(t, as, order._id, TEST_CARDS.visa);
  assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
  return { orderId: order._id, paymentId: confirm.body.id };
}

async function buildCallers(t: TestApp) {
  return {
    admin: await t.admin(),
    customer: await t.signUp('fuzz-customer@torque.test', 'Fuzz Customer'),
    other: await t.signUp('fuzz-other@torque.test', 'Other Customer'),
    authCustomer: await t.signUp(AUTH_CUSTOMER_EMAIL),
    authAdmin: await t.signUp(AUTH_ADMIN_EMAIL),
    doomed: await Promise.all([1, 2, 3, 4].map((i) => t.signUp(`fuzz-doomed-${i}@torque.test`))),
  };
}

async function buildCatalogue(t: TestApp) {
  return {
    seeded: ((await t.inject({ method: 'GET', url: '/api/parts' })).json() as { _id: string }[])
      .slice(0, 3)
      .map((p) => p._id),
    plenty: (await addPart(t, await t.admin(), { available: 1_000_000, price: 12.5 }))._id,
    minimum: (await addPart(t, await t.admin(), { available: 1_000_000, minimunOrder: 50, price: 3 }))._id,
    none: (await addPart(t, await t.admin(), { available: 0 }))._id,
    pricey: (await addPart(t, await t.admin(), { available: 1_000_000, price: 999_999.99 }))._id,
    decoys: await Promise.all(
      DECOY_NUMBERS.map(async (partNumber) => (await addPart(t, await t.admin(), { available: 10, partNumber }))._id),
    ),
    doomed: await Promise.all([1, 2, 3, 4].map(async () => (await addPart(t, await t.admin(), { available: 10 }))._id)),
  };
}

async function buildOrders(t: TestApp, customer: TestUser, other: TestUser, partId: string) {
  const repeat = async <T>(n: number, make: () => Promise<T>) => {
    const made: T[] = [];
    for (let i = 0; i < n; i++) made.push(await make());
    return made;
  };
  const orders = {
    unpaid: await repeat(6, () => unpaidOrderWithIntent(t, customer, partId)),
    doomed: await repeat(4, async () => (await placeOrder(t, customer, partId, 1))._id),
    paid: await repeat(3, () => paidOrder(t, customer, partId)),
    otherUnpaid: await unpaidOrderWithIntent(t, other, partId),
    otherPaid: await paidOrder(t, other, partId),
  };
  // A declined attempt leaves an intent with an error on it, as a real checkout does.
  const declined = await t.inject(
    {
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret: orders.unpaid[0]!.clientSecret, card: testCard(TEST_CARDS.declined) },
    },
    customer,
  );
  assert.equal(declined.statusCode, 402, declined.body);
  return orders;
}

const ADDRESS = { name: 'Fuzz', line1: '1 Gear St', postalCode: '62704', city: 'Springfield', country: 'US' };
const METHOD = {
  name: 'Fuzz Post',
  carrier: 'Fuzz',
  countries: ['US', 'DE'],
  rates: [{ upToGrams: 5000, price: 5 }],
  freeOver: 100,
  carriesHazardous: false,
  estimateDays: [1, 3],
  active: true,
};

/** Issue 28: address-book entries and shipping methods for the generators. */
async function buildShipping(t: TestApp, admin: TestUser, customer: TestUser, other: TestUser) {
  const address = async (as: TestUser) => {
    const res = await t.inject({ method: 'POST', url: '/api/addresses', payload: ADDRESS }, as);
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { _id: string })._id;
  };
  const method = async () => {
    const res = await t.inject({ method: 'POST', url: '/api/shipping/methods', payload: METHOD }, admin);
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { _id: string })._id;
  };
  return {
    addresses: [await address(customer), await address(customer), await address(other)],
    doomedAddresses: [await address(customer), await address(customer)],
    methods: [await method()],
    decoyMethods: [await method()],
    doomedMethods: [await method(), await method()],
    ...(await buildTax(t, admin)),
    ...(await buildCompanies(t, admin)),
    ...(await buildPriceLists(t, admin)),
  };
}

/** Issue 30 (§25): price lists of a percentage off, for no company (they price nobody's fuzzed orders). */
async function buildPriceLists(t: TestApp, admin: TestUser) {
  const list = async (name: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/price-lists', payload: { name, percentOff: 5 } }, admin);
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { _id: string })._id;
  };
  return {
    priceLists: [await list('Fuzz list')],
    doomedPriceLists: [await list('Fuzz doomed 1'), await list('Fuzz doomed 2')],
  };
}

/** Issue 30: two companies with nobody in them. */
async function buildCompanies(t: TestApp, admin: TestUser) {
  const company = async (name: string) => {
    const res = await t.inject({ method: 'POST', url: '/api/companies', payload: { name } }, admin);
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { _id: string })._id;
  };
  return { companies: [await company('Fuzz Fleet'), await company('Fuzz Garage')] };
}

/** Issue 29: tax rates of regions of their own, to read, change and delete. */
async function buildTax(t: TestApp, admin: TestUser) {
  let n = 0;
  const rate = async () => {
    const res = await t.inject(
      { method: 'POST', url: '/api/tax/rates', payload: { country: 'US', region: `FZ${++n}`, rate: 5, name: 'Fuzz' } },
      admin,
    );
    assert.equal(res.statusCode, 201, res.body);
    return (res.json() as { _id: string })._id;
  };
  return { taxRates: [await rate(), await rate()], doomedTaxRates: [await rate(), await rate()] };
}

/** Builds the callers, catalogue and orders the fuzzing runs against. */
export async function buildWorld(t: TestApp): Promise<World> {
  const { admin, customer, other, authCustomer, authAdmin, doomed } = await buildCallers(t);
  const parts = await buildCatalogue(t);
  const orders = await buildOrders(t, customer, other, parts.plenty);
  const shipping = await buildShipping(t, admin, customer, other);

  // A fuzzed sign-out (or revoke-sessions) ends these callers' sessions; putting the rows back
  // keeps their cookies valid without signing in again (a password hash, ~100 ms, each time).
  const authSessions = await t.db.database.db
    .select()
    .from(session)
    .where(inArray(session.userId, [authCustomer.id, authAdmin.id]));
  assert.equal(authSessions.length, 2);

  return {
    pools: {
      publicUrl: t.config.publicUrl,
      parts: [...parts.seeded, parts.plenty, parts.none],
      orderParts: [parts.plenty, parts.minimum, parts.none, parts.pricey],
      decoyParts: parts.decoys,
      doomedParts: parts.doomed,
      doomedUserIds: doomed.map((u) => u.id),
      doomedEmails: doomed.map((u) => u.email),
      emails: [customer.email, admin.email, other.email],
      unpaidOrders: orders.unpaid.map((o) => o.orderId),
      paidOrders: orders.paid.map((o) => o.orderId),
      otherOrders: [orders.otherUnpaid.orderId, orders.otherPaid.orderId],
      doomedOrders: orders.doomed,
      paidPairs: [...orders.paid, orders.otherPaid],
      clientSecrets: [...orders.unpaid.map((o) => o.clientSecret), orders.otherUnpaid.clientSecret],
      paymentIds: [...orders.paid.map((o) => o.paymentId), orders.otherPaid.paymentId],
      intentIds: orders.unpaid.map((o) => o.intentId),
      ...shipping,
    },
    api: { anonymous: {}, customer: credentials(customer), admin: credentials(admin) },
    auth: { anonymous: {}, customer: credentials(authCustomer), admin: credentials(authAdmin) },
    async restoreAuthSessions() {
      await t.db.database.db.insert(session).values(authSessions).onConflictDoNothing();
    },
    async assertCallersIntact() {
      for (const [role, user, expected] of [
        ['customer', customer, 'user'],
        ['admin', admin, 'admin'],
      ] as const) {
        const res = await t.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(user.email)}` }, user);
        assert.equal(res.statusCode, 200, `the fuzzing's ${role} can no longer call the API: ${res.body}`);
        assert.equal((res.json() as { role: string }).role, expected, `the fuzzing's ${role} has a new role`);
      }
    },
  };
}

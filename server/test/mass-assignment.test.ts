import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address, Cart, Order, Part, PartDetail, QuickOrderResult, User } from '@torque/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { addPart, orderBody, payWithSandbox, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import { hashInvitationToken } from '../src/modules/companies/companies-service.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, PASSWORD, sessionCookie, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * OWASP API3 (mass assignment): whatever a customer adds to a body, they cannot make themselves
 * admin, mark an order paid or shipped, choose a price, or take another user's email. Every
 * endpoint that takes a body is called with those fields, and what was stored is read back.
 */

interface Ctx {
  t: TestApp;
  admin: TestUser;
  mallory: TestUser;
  victim: TestUser;
  part: Part;
  /** Fields nobody may set through a body, with the values an attacker would like. */
  forged: Record<string, unknown>;
  /** Mallory's unpaid order, and her order that gets paid (by the rows, through the sandbox). */
  unpaidOrderId: string;
  payingOrderId: string;
  victimUnpaidOrderId: string;
  victimPaymentId: string;
  /** The company of the row that edits one (issue 30). */
  companyId?: string;
  /** Filled in by the rows that pay. */
  paymentId?: string;
  clientSecret?: string;
}

interface Row {
  /** "METHOD /url" as in `app.routeAccess`, and for better-auth's catch-all, the path. */
  route: string;
  name: string;
  /** The status, or statuses, the attempt gets: refused or accepted, it must not take effect. */
  status: number | number[];
  send(ctx: Ctx): Promise<LightMyRequestResponse>;
  /** What must be stored afterwards, beyond the checks made after every row. */
  verify?(ctx: Ctx, res: LightMyRequestResponse): Promise<void>;
}

const asAdmin = async (c: Ctx, options: InjectOptions) => {
  const res = await c.t.inject(options, c.admin);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};
const userRecord = (c: Ctx, email: string): Promise<User> =>
  asAdmin(c, { method: 'GET', url: `/api/user?email=${encodeURIComponent(email)}` });
const orderRecord = (c: Ctx, id: string): Promise<Order> => asAdmin(c, { method: 'GET', url: `/api/order/${id}` });
const allOrders = (c: Ctx): Promise<Order[]> => asAdmin(c, { method: 'GET', url: '/api/orders' });
/** better-auth checks the Origin of cookie-authenticated calls: send the app's own, so the body is what is judged. */
const sessionHeaders = (c: Ctx, u: TestUser) => ({ cookie: u.cookie, origin: c.t.config.publicUrl });
/** Signs in by email and password; answers the status (200 when that password is the account's). */
const signInStatus = async (c: Ctx, email: string, password: string): Promise<number> =>
  (await c.t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })).statusCode;
const tokenClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { email: string; role: string };

/**
 * Mallory's cart holds one line of the part, `quantity` units at the part's price; the victim's is
 * empty. `res` is checked only when it carries a cart.
 */
async function assertOwnCart(c: Ctx, res: LightMyRequestResponse, quantity: number): Promise<void> {
  const own = (await c.t.inject({ method: 'GET', url: '/api/cart' }, c.mallory)).json() as Cart;
  assert.deepEqual(
    own.lines.map((l) => [l.partId, l.quantity, l.unitPrice, l.total]),
    [[c.part._id, quantity, c.part.price, Math.round(c.part.price * 100 * quantity) / 100]],
  );
  if (res.statusCode === 200) assert.deepEqual((res.json() as { cart?: Cart }).cart ?? res.json(), own);
  assert.deepEqual(((await c.t.inject({ method: 'GET', url: '/api/cart' }, c.victim)).json() as Cart).lines, []);
}

const ADDRESS = { name: 'Mallory', line1: '1 Gear St', postalCode: '62704', city: 'Springfield', country: 'US' };
const SHIPPING_METHOD = {
  name: 'Mass Method',
  carrier: 'Test',
  countries: ['US'],
  rates: [{ upToGrams: 1000, price: 5 }],
  freeOver: null,
  carriesHazardous: false,
  estimateDays: [1, 2],
  active: true,
};
const FORGED_ID = '00000000-0000-4000-8000-000000000001';

/** The address `id` is Mallory's, and the victim's book is still empty. */
async function assertBooks(c: Ctx, id: string): Promise<void> {
  const own = (await c.t.inject({ method: 'GET', url: `/api/addresses/${id}` }, c.mallory)).json() as Address;
  assert.equal(own._id, id, "the address is in mallory's book");
  const theirs = (await c.t.inject({ method: 'GET', url: '/api/addresses' }, c.victim)).json() as Address[];
  assert.deepEqual(theirs, [], "the victim's book");
}

async function assertUnpaid(c: Ctx, id: string): Promise<void> {
  const order = await orderRecord(c, id);
  assert.deepEqual(
    [order.payment, order.paymentId, order.paidAt, order.status],
    [false, null, null, null],
    `order ${id} was marked: ${JSON.stringify(order)}`,
  );
}

const rows: Row[] = [
  {
    route: 'POST /api/auth/sign-up/email',
    name: 'sign-up with a role, a verified flag and order fields',
    status: [200, 400],
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { ...c.forged, name: 'Newbie', email: 'newbie@mass.test', password: PASSWORD, emailVerified: true },
      }),
    async verify(c, res) {
      if (res.statusCode !== 200) return;
      const created = await userRecord(c, 'newbie@mass.test');
      assert.deepEqual([created.email, created.role], ['newbie@mass.test', 'user']);
    },
  },
  {
    route: 'POST /api/auth/sign-up/email',
    name: "sign-up with another user's email",
    status: [400, 422],
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Not the victim', email: c.victim.email, password: 'another-password', role: 'admin' },
      }),
    async verify(c) {
      // The victim keeps their name and password.
      assert.equal((await userRecord(c, c.victim.email)).name, 'Victim');
      assert.equal(await signInStatus(c, c.victim.email, 'another-password'), 401);
    },
  },
  {
    route: 'POST /api/auth/sign-in/email',
    name: 'sign-in with a role',
    status: 200,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { ...c.forged, email: c.mallory.email, password: PASSWORD },
      }),
    async verify(c, res) {
      const exchange = await c.t.inject({
        method: 'PUT',
        url: `/api/user/${c.mallory.email}`,
        headers: { cookie: sessionCookie(res) },
        payload: {},
      });
      assert.equal(exchange.statusCode, 200, exchange.body);
      assert.equal(tokenClaims(exchange.json().accessToken).role, 'user');
    },
  },
  {
    route: 'POST /api/auth/request-password-reset',
    name: 'asking for a reset link with a token, a new password and a role',
    status: 200,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: c.t.config.publicUrl },
        payload: { ...c.forged, email: c.victim.email, token: 'chosen', newPassword: 'taken-over-1' },
      }),
    async verify(c) {
      // Asking only sends a link: the password is the victim's own still.
      assert.equal(await signInStatus(c, c.victim.email, PASSWORD), 200);
    },
  },
  {
    route: 'POST /api/auth/reset-password',
    name: "a new password without the e-mailed token, naming someone's email and a role",
    status: 400,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: c.t.config.publicUrl },
        payload: { ...c.forged, email: c.victim.email, token: 'guessed', newPassword: 'taken-over-1' },
      }),
    async verify(c) {
      assert.equal(await signInStatus(c, c.victim.email, 'taken-over-1'), 401, 'the password did not change');
    },
  },
  {
    route: 'POST /api/auth/sign-out',
    name: 'sign-out with a role',
    status: 200,
    async send(c) {
      const signIn = await c.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: c.mallory.email, password: PASSWORD },
      });
      return c.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: sessionCookie(signIn), origin: c.t.config.publicUrl },
        payload: c.forged,
      });
    },
  },
  {
    route: 'POST /api/auth/*',
    name: 'update-user with a role',
    status: 400,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: sessionHeaders(c, c.mallory),
        payload: { name: 'Mallory', role: 'admin' },
      }),
  },
  {
    route: 'POST /api/auth/*',
    name: "update-user with another user's email",
    status: 400,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: sessionHeaders(c, c.mallory),
        payload: { name: 'Mallory', email: c.victim.email },
      }),
  },
  {
    route: 'POST /api/auth/*',
    name: 'update-user with profile fields only the API may set',
    status: 400,
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: sessionHeaders(c, c.mallory),
        payload: { address: 'x', phone: 'y', linkedin: 'z', emailVerified: true },
      }),
  },
  {
    route: 'POST /api/auth/*',
    name: "change-email to another user's email",
    status: [400, 403, 404, 422],
    send: (c) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/auth/change-email',
        headers: sessionHeaders(c, c.mallory),
        payload: { newEmail: c.victim.email, role: 'admin' },
      }),
  },
  {
    route: 'PUT /api/user/:email',
    name: "the token exchange with another user's email and a role in the body",
    status: 200,
    send: (c) =>
      c.t.app.inject({
        method: 'PUT',
        url: `/api/user/${c.mallory.email}`,
        headers: { cookie: c.mallory.cookie },
        payload: { ...c.forged, email: c.victim.email },
      }),
    async verify(c, res) {
      const { accessToken, user } = res.json() as { accessToken: string; user: User };
      assert.deepEqual([user.email, user.role], [c.mallory.email, 'user']);
      const claims = tokenClaims(accessToken);
      assert.deepEqual([claims.email, claims.role], [c.mallory.email, 'user']);
    },
  },
  {
    route: 'PUT /api/user-update',
    name: "profile update with a role, another user's email and id",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/user-update?email=${c.mallory.email}`,
          payload: {
            name: 'Mallory',
            address: '1 Evil St',
            phone: '555',
            linkedin: 'https://linkedin.com/in/m',
            ...c.forged,
            _id: c.victim.id,
            id: c.victim.id,
          },
        },
        c.mallory,
      ),
    async verify(c) {
      const me = await userRecord(c, c.mallory.email);
      assert.deepEqual([me._id, me.email, me.role, me.address], [c.mallory.id, c.mallory.email, 'user', '1 Evil St']);
    },
  },
  {
    route: 'PUT /api/user/admin/:email',
    name: 'promoting oneself, with a role in the body',
    status: 403,
    send: (c) => c.t.inject({ method: 'PUT', url: `/api/user/admin/${c.mallory.email}`, payload: c.forged }, c.mallory),
  },
  {
    route: 'POST /api/review',
    name: "a review with a name, a role and another user's email and id",
    status: 201,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/review',
          payload: { comment: 'Fine', rating: 5, name: 'Store Admin', userId: c.victim.id, ...c.forged },
        },
        c.mallory,
      ),
    async verify(c, res) {
      const [newest] = (await c.t.inject({ method: 'GET', url: '/api/review' })).json() as {
        _id: string;
        name: string;
      }[];
      assert.equal(newest!._id, res.json()._id);
      assert.equal(newest!.name, (await userRecord(c, c.mallory.email)).name);
    },
  },
  {
    route: 'POST /api/contact',
    name: 'a contact message with a role and order fields',
    status: 201,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/contact',
          payload: { subject: 'Hi', message: 'Hello', ...c.forged, email: c.mallory.email },
        },
        c.mallory,
      ),
  },
  {
    route: 'POST /api/order',
    name: "an order with a price, paid and shipped flags, a payment id and another user's email",
    status: 201,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/order',
          payload: { ...orderBody(c.part._id, 3), ...c.forged, unitPrice: 0.01, paidAt: new Date().toISOString() },
        },
        c.mallory,
      ),
    async verify(c, res) {
      const order = await orderRecord(c, res.json()._id);
      assert.deepEqual(
        [order.email, order.unitPrice, order.price, order.payment, order.paymentId, order.paidAt, order.status],
        [c.mallory.email, 12.5, 37.5, false, null, null, null],
      );
    },
  },
  {
    route: 'POST /api/checkout',
    name: "a checkout with prices, lines, paid and shipped flags and another user's email",
    status: 201,
    async send(c) {
      const cart = await c.t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: c.part._id, quantity: 3 }] } },
        c.mallory,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      return c.t.inject(
        {
          method: 'POST',
          url: '/api/checkout',
          payload: {
            phone: '+1 555 0100',
            address: '1 Main St',
            ...c.forged,
            unitPrice: 0.01,
            total: 0.01,
            userId: c.victim.id,
            lines: [{ partId: c.part._id, quantity: 1000, unitPrice: 0.01 }],
          },
        },
        c.mallory,
      );
    },
    async verify(c, res) {
      const order = await orderRecord(c, res.json()._id);
      assert.deepEqual(
        [order.email, order.unitPrice, order.price, order.quantity, order.payment, order.paymentId, order.status],
        [c.mallory.email, 12.5, 37.5, 3, false, null, null],
      );
      assert.deepEqual(
        order.lines.map((l) => [l.partId, l.quantity, l.unitPrice, l.total]),
        [[c.part._id, 3, 12.5, 37.5]],
        "the lines are the cart's, priced by the server",
      );
    },
  },
  // Issue 28: a shipping price, a method's name or a weight sent by the client are never read.
  {
    route: 'POST /api/checkout',
    name: 'a checkout naming its own shipping price, method name and weight',
    status: 201,
    async send(c) {
      const method = await c.t.inject(
        {
          method: 'POST',
          url: '/api/shipping/methods',
          payload: { ...SHIPPING_METHOD, name: 'Mass Post', rates: [{ upToGrams: 100_000, price: 7 }] },
        },
        c.admin,
      );
      assert.equal(method.statusCode, 201, method.body);
      const cart = await c.t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: c.part._id, quantity: 3 }] } },
        c.mallory,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      return c.t.inject(
        {
          method: 'POST',
          url: '/api/checkout',
          payload: {
            phone: '+1 555 0100',
            address: { ...ADDRESS, userId: c.victim.id },
            shippingMethodId: method.json()._id,
            ...c.forged,
            shippingPrice: 0,
            shippingCents: 0,
            shipping: { methodId: method.json()._id, name: 'Free', price: 0, weightGrams: 1 },
            weightGrams: 1,
          },
        },
        c.mallory,
      );
    },
    async verify(c, res) {
      const order = await orderRecord(c, res.json()._id);
      assert.deepEqual(
        [order.email, order.price, order.shipping?.name, order.shipping?.price, order.payment, order.status],
        [c.mallory.email, 44.5, 'Mass Post', 7, false, null],
        'the shipping is priced by the server and joins the total',
      );
    },
  },
  {
    route: 'POST /api/addresses',
    name: "an address for another account, with its own id, dates and the victim's email",
    status: 201,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/addresses',
          payload: {
            ...ADDRESS,
            ...c.forged,
            userId: c.victim.id,
            user_id: c.victim.id,
            _id: FORGED_ID,
            createdAt: '2000-01-01T00:00:00.000Z',
          },
        },
        c.mallory,
      ),
    async verify(c, res) {
      const created = res.json() as Address;
      assert.notEqual(created._id, FORGED_ID);
      assert.notEqual(created.createdAt, '2000-01-01T00:00:00.000Z');
      await assertBooks(c, created._id);
    },
  },
  {
    route: 'PUT /api/addresses/:id',
    name: 'moving an address to another account',
    status: 200,
    async send(c) {
      const created = await c.t.inject({ method: 'POST', url: '/api/addresses', payload: ADDRESS }, c.mallory);
      assert.equal(created.statusCode, 201, created.body);
      return c.t.inject(
        {
          method: 'PUT',
          url: `/api/addresses/${created.json()._id}`,
          payload: { ...ADDRESS, ...c.forged, userId: c.victim.id, _id: FORGED_ID },
        },
        c.mallory,
      );
    },
    async verify(c, res) {
      await assertBooks(c, (res.json() as Address)._id);
    },
  },
  {
    route: 'POST /api/shipping/methods',
    name: 'a customer adding a free shipping method',
    status: 403,
    send: (c) =>
      c.t.inject(
        { method: 'POST', url: '/api/shipping/methods', payload: { ...SHIPPING_METHOD, ...c.forged } },
        c.mallory,
      ),
  },
  {
    route: 'PUT /api/shipping/methods/:id',
    name: "a customer zeroing a method's rates",
    status: 403,
    async send(c) {
      const method = await c.t.inject(
        { method: 'POST', url: '/api/shipping/methods', payload: SHIPPING_METHOD },
        c.admin,
      );
      return c.t.inject(
        {
          method: 'PUT',
          url: `/api/shipping/methods/${method.json()._id}`,
          payload: { ...c.forged, rates: [{ upToGrams: 1, price: 0 }], freeOver: 0 },
        },
        c.mallory,
      );
    },
  },
  {
    route: 'PUT /api/tax-id',
    name: "a tax number with its status 'valid', a country and another account's user id",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: '/api/tax-id',
          payload: {
            ...c.forged,
            taxId: '12-3456789',
            status: 'valid',
            country: 'FR',
            checkedAt: '2000-01-01',
            userId: c.victim.id,
          },
        },
        c.mallory,
      ),
    async verify(c, res) {
      assert.deepEqual(res.json(), { taxId: '12-3456789', country: null, status: 'unverified' });
      const victims = (await c.t.inject({ method: 'GET', url: '/api/tax-id' }, c.victim)).json();
      assert.deepEqual(victims, { taxId: null, country: null, status: null }, "the victim's number");
    },
  },
  {
    route: 'POST /api/companies',
    name: "a customer creating a company; an admin's body cannot bring members or terms along",
    status: 403,
    async send(c) {
      const byAdmin = await c.t.inject(
        {
          method: 'POST',
          url: '/api/companies',
          payload: {
            ...c.forged,
            name: 'Mass Co',
            members: [{ email: c.mallory.email, role: 'admin' }],
            terms: { netDays: 90, creditLimit: 1_000_000 },
            netDays: 90,
            creditLimitCents: 100_000_000,
          },
        },
        c.admin,
      );
      assert.equal(byAdmin.statusCode, 201, byAdmin.body);
      assert.equal(byAdmin.json().terms, null);
      assert.deepEqual(byAdmin.json().members, []);
      return c.t.inject({ method: 'POST', url: '/api/companies', payload: { ...c.forged, name: 'Mine' } }, c.mallory);
    },
    async verify(c) {
      const all = (await c.t.inject({ method: 'GET', url: '/api/companies' }, c.admin)).json() as { name: string }[];
      assert.ok(!all.some((co) => co.name === 'Mine'));
    },
  },
  {
    route: 'PUT /api/companies/:id',
    name: "a company's buyer setting its tax number; an admin's body cannot set the number's status, members or terms",
    status: 403,
    async send(c) {
      const co = await c.t.inject(
        { method: 'POST', url: '/api/companies', payload: { name: 'Tax Target Co' } },
        c.admin,
      );
      assert.equal(co.statusCode, 201, co.body);
      const id = co.json()._id as string;
      const joined = await c.t.inject(
        { method: 'PUT', url: `/api/companies/${id}/members/${c.mallory.email}`, payload: { role: 'buyer' } },
        c.admin,
      );
      assert.equal(joined.statusCode, 200, joined.body);
      const byAdmin = await c.t.inject(
        {
          method: 'PUT',
          url: `/api/companies/${id}`,
          payload: {
            ...c.forged,
            name: 'Tax Target Co',
            taxId: '12-3456789',
            taxIdStatus: 'valid',
            taxIdCountry: 'FR',
            tax_id_status: 'valid',
            members: [],
            terms: { netDays: 90, creditLimit: 1_000_000 },
            netDays: 90,
          },
        },
        c.admin,
      );
      assert.equal(byAdmin.statusCode, 200, byAdmin.body);
      assert.deepEqual(
        [byAdmin.json().taxId, byAdmin.json().taxIdStatus, byAdmin.json().terms],
        ['12-3456789', 'unverified', null],
      );
      assert.deepEqual(
        byAdmin.json().members.map((m: { email: string; role: string }) => [m.email, m.role]),
        [[c.mallory.email, 'buyer']],
      );
      c.companyId = id;
      return c.t.inject(
        {
          method: 'PUT',
          url: `/api/companies/${id}`,
          payload: { ...c.forged, name: 'Mallory Co', taxId: 'FR40303265045', taxIdStatus: 'valid' },
        },
        c.mallory,
      );
    },
    async verify(c) {
      const seen = (await c.t.inject({ method: 'GET', url: `/api/companies/${c.companyId}` }, c.admin)).json();
      assert.deepEqual([seen.name, seen.taxId, seen.taxIdStatus], ['Tax Target Co', '12-3456789', 'unverified']);
      // Leave the company, so the rows after this one see Mallory as before.
      const { rows } = await c.t.db.database.db.execute(
        sql`delete from company_members where company_id = ${c.companyId}::uuid returning user_id`,
      );
      assert.equal(rows.length, 1);
    },
  },
  {
    route: 'PUT /api/companies/:id/members/:email',
    name: 'a customer putting themselves into a company as its admin',
    status: 403,
    async send(c) {
      const co = await c.t.inject({ method: 'POST', url: '/api/companies', payload: { name: 'Target Co' } }, c.admin);
      assert.equal(co.statusCode, 201, co.body);
      return c.t.inject(
        {
          method: 'PUT',
          url: `/api/companies/${co.json()._id}/members/${c.mallory.email}`,
          payload: { ...c.forged, role: 'admin' },
        },
        c.mallory,
      );
    },
    async verify(c) {
      assert.equal((await c.t.inject({ method: 'GET', url: '/api/company' }, c.mallory)).statusCode, 404);
    },
  },
  {
    route: 'PUT /api/companies/:id/terms',
    name: 'a customer granting a company payment terms',
    status: 403,
    async send(c) {
      const co = await c.t.inject(
        { method: 'POST', url: '/api/companies', payload: { name: 'Terms Target' } },
        c.admin,
      );
      assert.equal(co.statusCode, 201, co.body);
      const id = co.json()._id as string;
      const res = await c.t.inject(
        { method: 'PUT', url: `/api/companies/${id}/terms`, payload: { ...c.forged, netDays: 90, creditLimit: 1e6 } },
        c.mallory,
      );
      const seen = (await c.t.inject({ method: 'GET', url: `/api/companies/${id}` }, c.admin)).json();
      assert.equal(seen.terms, null);
      return res;
    },
  },
  {
    route: 'POST /api/company/invitations',
    name: "a company admin's invitation cannot make the invitee an admin or name another company",
    status: 201,
    async send(c) {
      const [home, other] = await Promise.all(
        ['Invite Home Co', 'Invite Other Co'].map(async (name) => {
          const res = await c.t.inject({ method: 'POST', url: '/api/companies', payload: { name } }, c.admin);
          assert.equal(res.statusCode, 201, res.body);
          return res.json()._id as string;
        }),
      );
      const boss = await c.t.signUp('mass-invite-boss@torque.test');
      const put = await c.t.inject(
        { method: 'PUT', url: `/api/companies/${home}/members/${boss.email}`, payload: { role: 'admin' } },
        c.admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      const res = await c.t.inject(
        {
          method: 'POST',
          url: '/api/company/invitations',
          payload: {
            ...c.forged,
            companyId: other,
            role: 'admin',
            expiresAt: '2999-01-01T00:00:00Z',
            email: 'mass-invitee@torque.test',
          },
        },
        boss,
      );
      const { rows } = await c.t.db.database.db.execute<{ company_id: string; days: number }>(
        sql`select company_id, extract(day from expires_at - created_at)::int as days from company_invitations where email = 'mass-invitee@torque.test'`,
      );
      assert.deepEqual(
        rows.map((r) => [r.company_id, Number(r.days)]),
        [[home, 7]],
      );
      return res;
    },
  },
  {
    route: 'POST /api/company/invitations/accept',
    name: 'accepting an invitation makes a buyer of its company, whatever role or company the body names',
    status: 200,
    async send(c) {
      const [home, other] = await Promise.all(
        ['Accept Home Co', 'Accept Other Co'].map(async (name) => {
          const res = await c.t.inject({ method: 'POST', url: '/api/companies', payload: { name } }, c.admin);
          assert.equal(res.statusCode, 201, res.body);
          return res.json()._id as string;
        }),
      );
      const invitee = await c.t.signUp('mass-acceptor@torque.test');
      const token = 'mass-assignment-invitation-token';
      await c.t.db.database.db.execute(
        sql`insert into company_invitations (company_id, email, token_hash, expires_at)
            values (${home}::uuid, ${invitee.email}, ${hashInvitationToken(token)}, now() + interval '1 day')`,
      );
      const res = await c.t.inject(
        {
          method: 'POST',
          url: '/api/company/invitations/accept',
          payload: { ...c.forged, token, companyId: other, role: 'admin', email: c.mallory.email },
        },
        invitee,
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json()._id, home);
      assert.equal(res.json().role, 'buyer');
      assert.equal((await c.t.inject({ method: 'GET', url: '/api/company' }, c.mallory)).statusCode, 404);
      return res;
    },
  },
  {
    route: 'PUT /api/tax-exemptions/:email',
    name: 'a customer recording their own exemption certificate',
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/tax-exemptions/${c.mallory.email}`,
          payload: { ...c.forged, certificate: 'MINE', expiresOn: '2099-12-31' },
        },
        c.mallory,
      ),
    async verify(c) {
      const res = await c.t.inject({ method: 'GET', url: `/api/tax-exemptions/${c.mallory.email}` }, c.admin);
      assert.equal(res.statusCode, 404, 'no certificate was recorded');
    },
  },
  {
    route: 'POST /api/tax/rates',
    name: 'a customer adding a 0 % rate for their region',
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/tax/rates',
          payload: { ...c.forged, country: 'US', region: 'MA', rate: 0, name: 'Mine' },
        },
        c.mallory,
      ),
  },
  {
    route: 'PUT /api/tax/rates/:id',
    name: "a customer zeroing a rate; an admin's change keeps the rate's id and dates",
    status: 403,
    async send(c) {
      const created = await c.t.inject(
        { method: 'POST', url: '/api/tax/rates', payload: { country: 'US', region: 'MB', rate: 5, name: 'Mass' } },
        c.admin,
      );
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json()._id as string;
      const byAdmin = await c.t.inject(
        {
          method: 'PUT',
          url: `/api/tax/rates/${id}`,
          payload: { country: 'US', region: 'MB', rate: 6, name: 'Mass', _id: FORGED_ID, id: FORGED_ID },
        },
        c.admin,
      );
      assert.equal(byAdmin.statusCode, 200, byAdmin.body);
      assert.equal(byAdmin.json()._id, id);
      return c.t.inject(
        {
          method: 'PUT',
          url: `/api/tax/rates/${id}`,
          payload: { ...c.forged, country: 'US', region: 'MB', rate: 0, name: 'x' },
        },
        c.mallory,
      );
    },
    async verify(c) {
      const rates = (await c.t.inject({ method: 'GET', url: '/api/tax/rates' }, c.admin)).json() as {
        region: string;
        rate: number;
      }[];
      assert.equal(rates.find((r) => r.region === 'MB')?.rate, 6);
    },
  },
  {
    route: 'PUT /api/order/:id',
    name: 'marking an order paid with a made-up payment id, shipped, at another price',
    status: 409,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/order/${c.unpaidOrderId}`,
          payload: { ...c.forged, payment: true, paymentId: 'pi_forged_1' },
        },
        c.mallory,
      ),
    verify: (c) => assertUnpaid(c, c.unpaidOrderId),
  },
  {
    route: 'PUT /api/order/:id',
    name: "marking an order paid with another customer's payment",
    status: 409,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/order/${c.unpaidOrderId}`,
          payload: { payment: true, paymentId: c.victimPaymentId },
        },
        c.mallory,
      ),
    verify: (c) => assertUnpaid(c, c.unpaidOrderId),
  },
  {
    route: 'PUT /api/order/:id',
    name: "marking another customer's order paid",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/order/${c.victimUnpaidOrderId}`,
          payload: { payment: true, paymentId: c.victimPaymentId },
        },
        c.mallory,
      ),
    verify: (c) => assertUnpaid(c, c.victimUnpaidOrderId),
  },
  {
    route: 'POST /api/create-payment-intent',
    name: 'a payment intent at a price of the caller’s choosing',
    status: 400,
    send: (c) =>
      c.t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: c.payingOrderId, price: 0.01 } },
        c.mallory,
      ),
  },
  {
    route: 'POST /api/create-payment-intent',
    name: 'a payment intent with an amount, a currency and paid flags',
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { orderId: c.payingOrderId, ...c.forged, price: undefined, amount: 1, currency: 'btc' },
        },
        c.mallory,
      ),
    async verify(c, res) {
      const intent = res.json() as { clientSecret: string; amount: number; currency: string };
      assert.deepEqual([intent.amount, intent.currency], [2500, 'usd']);
      c.clientSecret = intent.clientSecret;
      await assertUnpaid(c, c.payingOrderId);
    },
  },
  {
    route: 'POST /api/payments/sandbox/confirm',
    name: "a card payment with a payment id, a status, a price and another user's email",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: {
            clientSecret: c.clientSecret,
            card: testCard(TEST_CARDS.visa),
            billingEmail: c.victim.email,
            ...c.forged,
            amount: 1,
          },
        },
        c.mallory,
      ),
    async verify(c, res) {
      c.paymentId = res.json().id;
      const order = await orderRecord(c, c.payingOrderId);
      assert.deepEqual(
        [order.payment, order.paymentId, order.status, order.price, order.email],
        [true, c.paymentId, null, 25, c.mallory.email],
      );
      assert.match(c.paymentId!, /^pi_sandbox_/);
    },
  },
  {
    route: 'PUT /api/order/:id',
    name: 'confirming a real payment with shipped and price fields',
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/order/${c.payingOrderId}`,
          payload: { ...c.forged, payment: true, paymentId: c.paymentId },
        },
        c.mallory,
      ),
    async verify(c) {
      const order = await orderRecord(c, c.payingOrderId);
      assert.deepEqual(
        [order.payment, order.paymentId, order.status, order.shippedAt, order.price],
        [true, c.paymentId, null, null, 25],
      );
    },
  },
  {
    route: 'POST /api/payment',
    name: "a payment record with a price, quantity, name and another user's email",
    status: [200, 201],
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/payment',
          payload: { ...c.forged, paymentId: c.paymentId, quantity: 999, name: 'Free' },
        },
        c.mallory,
      ),
    async verify(c) {
      // A replay answers with the stored record.
      const replay = await c.t.inject(
        { method: 'POST', url: '/api/payment', payload: { paymentId: c.paymentId } },
        c.mallory,
      );
      const record = replay.json() as { price: number; quantity: number; email: string; name: string; orderId: string };
      assert.deepEqual(
        [record.orderId, record.price, record.quantity, record.email, record.name],
        [c.payingOrderId, 25, 2, c.mallory.email, c.part.name],
      );
    },
  },
  {
    route: 'PUT /api/orders/:id',
    name: "shipping one's own paid order",
    status: 403,
    send: (c) =>
      c.t.inject(
        { method: 'PUT', url: `/api/orders/${c.payingOrderId}`, payload: { ...c.forged, status: 'shipped' } },
        c.mallory,
      ),
    async verify(c) {
      assert.equal((await orderRecord(c, c.payingOrderId)).status, null);
    },
  },
  {
    route: 'POST /api/parts',
    name: 'adding a product at a price',
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/parts',
          payload: { name: 'Free', des: 'x', img: '/images/parts/x.svg', minimunOrder: 1, available: 5, ...c.forged },
        },
        c.mallory,
      ),
  },
  {
    route: 'PUT /api/parts/:id',
    name: "changing a product's price and stock",
    status: 403,
    send: (c) =>
      c.t.inject(
        { method: 'PUT', url: `/api/parts/${c.part._id}`, payload: { ...c.forged, available: 1_000_000 } },
        c.mallory,
      ),
  },
  {
    route: 'PUT /api/parts/:id',
    name: "a product's fitment and universal flag as a customer",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${c.part._id}`,
          payload: { universal: true, fitment: [{ make: 'Any', model: 'Any', yearFrom: 2000, yearTo: 2001 }] },
        },
        c.mallory,
      ),
    async verify(c) {
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual([part.universal, part.fitment], [false, []]);
    },
  },
  {
    route: 'POST /api/fitment/import',
    name: 'importing fitment as a customer',
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/fitment/import',
          headers: { 'content-type': 'text/csv' },
          payload: `partId,make,model,yearFrom,yearTo,engine,note\n${c.part._id},Any,Any,2000,2001,,`,
        },
        c.mallory,
      ),
    async verify(c) {
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual(part.fitment, []);
    },
  },
  {
    route: 'PUT /api/parts/:id',
    name: "a product's number, cross-references and successor as a customer",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${c.part._id}`,
          payload: {
            partNumber: 'MAL-0001',
            brand: 'Mallory',
            replacedBy: 'BP-4471',
            crossReferences: [{ kind: 'oe', brand: 'Mallory', number: 'MAL-0002' }],
          },
        },
        c.mallory,
      ),
    async verify(c) {
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual(
        [part.partNumber, part.brand, part.replacedBy, part.crossReferences],
        [c.part.partNumber, c.part.brand, null, []],
      );
    },
  },
  {
    route: 'PUT /api/parts/:id',
    name: "a product's quantity price breaks as a customer",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${c.part._id}`,
          payload: { priceBreaks: [{ minQuantity: 2, price: 0.01 }] },
        },
        c.mallory,
      ),
    async verify(c) {
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual(part.priceBreaks, []);
    },
  },
  {
    route: 'POST /api/parts',
    name: "an admin's product with a forged normal form, match and another part's id on a reference",
    status: 201,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/parts',
          payload: {
            name: 'Forged numbers',
            des: 'x',
            img: '/images/parts/x.svg',
            minimunOrder: 1,
            available: 5,
            price: c.part.price,
            partNumber: 'MA-0001',
            partNumberNormal: c.part.partNumber,
            matchedBy: { kind: 'number', brand: 'x', number: 'x' },
            crossReferences: [{ kind: 'oe', brand: 'VW', number: 'MA 0002', partId: c.part._id }],
          },
        },
        c.admin,
      ),
    async verify(c, res) {
      const created = res.json() as PartDetail;
      assert.equal(created.partNumber, 'MA-0001');
      assert.equal(created.matchedBy, undefined);
      assert.deepEqual(created.crossReferences, [{ kind: 'oe', brand: 'VW', number: 'MA 0002' }]);
      const other = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual(other.crossReferences, []);
      const found = (await c.t.inject({ method: 'GET', url: '/api/parts/by-number/MA0001' })).json() as PartDetail;
      assert.equal(found._id, created._id);
    },
  },
  {
    route: 'POST /api/parts/cross-references/import',
    name: 'importing cross-references as a customer',
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/parts/cross-references/import',
          headers: { 'content-type': 'text/csv' },
          payload: `partNumber,kind,brand,number\n${c.part.partNumber},oe,Mallory,MAL-0003`,
        },
        c.mallory,
      ),
    async verify(c) {
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as PartDetail;
      assert.deepEqual(part.crossReferences, []);
    },
  },
  {
    route: 'PUT /api/garage',
    name: "a garage with another user's id, a role and a position",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: '/api/garage',
          payload: [{ make: 'Ford', model: 'Focus', year: 2015, userId: c.victim.id, position: 7, ...c.forged }],
        },
        c.mallory,
      ),
    async verify(c, res) {
      const stored = [{ make: 'Ford', model: 'Focus', year: 2015, engine: null }];
      assert.deepEqual(res.json(), stored);
      assert.deepEqual((await c.t.inject({ method: 'GET', url: '/api/garage' }, c.mallory)).json(), stored);
      assert.deepEqual((await c.t.inject({ method: 'GET', url: '/api/garage' }, c.victim)).json(), []);
    },
  },
  // The cart is the token's: a body naming another account, a price or a total changes only
  // the caller's cart, priced from the part.
  {
    route: 'PUT /api/cart',
    name: "a cart with another user's id, prices and totals",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'PUT',
          url: '/api/cart',
          payload: {
            ...c.forged,
            userId: c.victim.id,
            total: 0.01,
            ready: true,
            lines: [{ partId: c.part._id, quantity: 2, unitPrice: 0.01, total: 0.02, problem: null, ...c.forged }],
          },
        },
        c.mallory,
      ),
    verify: (c, res) => assertOwnCart(c, res, 2),
  },
  {
    route: 'POST /api/cart/lines',
    name: "lines with another user's id and a price",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/cart/lines',
          payload: {
            ...c.forged,
            userId: c.victim.id,
            lines: [{ partId: c.part._id, quantity: 1, unitPrice: 0.01, userId: c.victim.id }],
          },
        },
        c.mallory,
      ),
    verify: (c, res) => assertOwnCart(c, res, 3),
  },
  {
    route: 'POST /api/cart/quick-order',
    name: "a quick order with another user's id and a price in the query",
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: `/api/cart/quick-order?userId=${c.victim.id}&price=0.01&email=${encodeURIComponent(c.victim.email)}`,
          headers: { 'content-type': 'text/csv' },
          payload: `partNumber,quantity,price\n${c.part.partNumber},1,0.01\n`,
        },
        c.mallory,
      ),
    async verify(c, res) {
      // A third field is not a price: the line is refused, nothing is added.
      assert.deepEqual((res.json() as QuickOrderResult).added, []);
      await assertOwnCart(c, res, 3);
    },
  },
  {
    route: 'POST /api/order/:id/refund',
    name: "a customer refunding her own paid order, with an amount and the refund's fields",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: `/api/order/${c.payingOrderId}/refund`,
          payload: {
            ...c.forged,
            amount: 1,
            refundedAt: '2000-01-01T00:00:00.000Z',
            creditNotes: [{ number: 'CN-2000-000001' }],
          },
        },
        c.mallory,
      ),
    async verify(c) {
      const order = await orderRecord(c, c.payingOrderId);
      assert.equal(order.refundedAt, null);
      assert.deepEqual(order.creditNotes, []);
    },
  },
  {
    route: 'POST /api/order/:id/refund',
    name: 'an admin refund with an amount, a date and a credit note in the body: refunded in full, now, numbered by the server',
    status: 200,
    async send(c) {
      const placed = await placeOrder(c.t, c.mallory, c.part._id, 2);
      const { confirm } = await payWithSandbox(c.t, c.mallory, placed._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      return c.t.inject(
        {
          method: 'POST',
          url: `/api/order/${placed._id}/refund`,
          payload: {
            ...c.forged,
            amount: 1,
            refundedAt: '2000-01-01T00:00:00.000Z',
            creditNotes: [{ number: 'CN-2000-000001' }],
          },
        },
        c.admin,
      );
    },
    async verify(c, res) {
      const order = res.json() as Order;
      assert.ok(order.refundedAt && order.refundedAt > '2020', order.refundedAt ?? 'not refunded');
      assert.equal(order.creditNotes.length, 1);
      assert.match(order.creditNotes[0]!.number, new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{6}$`));
      const [row] = (
        await c.t.db.database.db.execute(
          sql`select gross_cents::integer as cents from credit_notes where order_id = ${order._id}::uuid`,
        )
      ).rows as { cents: number }[];
      assert.equal(row?.cents, Math.round(order.price * 100), 'the whole order is credited');
    },
  },
  {
    route: 'POST /api/orders/:id/reorder',
    name: "ordering the victim's order again, with a price and a quantity",
    status: 404,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: `/api/orders/${c.victimUnpaidOrderId}/reorder`,
          payload: { ...c.forged, quantity: 1000, unitPrice: 0.01 },
        },
        c.mallory,
      ),
    verify: (c, res) => assertOwnCart(c, res, 3),
  },
  {
    route: 'POST /api/orders/:id/reorder',
    name: 'ordering an own order again, with a price and a quantity',
    status: 200,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: `/api/orders/${c.unpaidOrderId}/reorder`,
          payload: { ...c.forged, quantity: 1000, unitPrice: 0.01, lines: [{ partId: c.part._id, quantity: 1000 }] },
        },
        c.mallory,
      ),
    async verify(c, res) {
      await assertOwnCart(c, res, 3 + (await orderRecord(c, c.unpaidOrderId)).quantity);
    },
  },
  {
    route: 'POST /api/parts/:id/stock',
    name: 'restocking a product as a customer',
    status: 403,
    send: (c) =>
      c.t.inject(
        { method: 'POST', url: `/api/parts/${c.part._id}/stock`, payload: { add: 5, ...c.forged } },
        c.mallory,
      ),
  },
  {
    route: 'PUT /api/contact/:id',
    name: "marking the team's messages handled as a customer",
    status: 403,
    send: (c) =>
      c.t.inject(
        { method: 'PUT', url: '/api/contact/00000000-0000-4000-8000-000000000000', payload: { handled: true } },
        c.mallory,
      ),
  },
  {
    route: 'POST /api/webhooks/stripe',
    name: "a forged provider event for one's own unpaid order",
    status: [400, 404],
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: '/api/webhooks/stripe',
          payload: {
            type: 'payment_intent.succeeded',
            data: {
              object: {
                id: 'pi_forged_2',
                status: 'succeeded',
                amount: 1250,
                currency: 'usd',
                metadata: { orderId: c.unpaidOrderId },
              },
            },
          },
        },
        c.mallory,
      ),
    verify: (c) => assertUnpaid(c, c.unpaidOrderId),
  },
  {
    route: 'POST /api/price-lists',
    name: "a buyer giving their own company a price list; an admin's body cannot set its version or id",
    status: 403,
    async send(c) {
      const co = await c.t.inject({ method: 'POST', url: '/api/companies', payload: { name: 'Cheap Co' } }, c.admin);
      assert.equal(co.statusCode, 201, co.body);
      const companyId = co.json()._id as string;
      // A buyer of its own, so the other rows' customer stays without a company.
      const buyer = await c.t.signUp('cheap-buyer@mass.test');
      const joined = await c.t.inject(
        { method: 'PUT', url: `/api/companies/${companyId}/members/${buyer.email}`, payload: { role: 'admin' } },
        c.admin,
      );
      assert.equal(joined.statusCode, 200, joined.body);
      const byAdmin = await c.t.inject(
        {
          method: 'POST',
          url: '/api/price-lists',
          payload: { ...c.forged, name: 'Mass list', version: 99, _id: '00000000-0000-4000-8000-000000000000' },
        },
        c.admin,
      );
      assert.equal(byAdmin.statusCode, 201, byAdmin.body);
      assert.equal(byAdmin.json().version, 1);
      assert.notEqual(byAdmin.json()._id, '00000000-0000-4000-8000-000000000000');
      return c.t.inject(
        {
          method: 'POST',
          url: '/api/price-lists',
          payload: { ...c.forged, name: 'Mine', companyIds: [companyId], percentOff: 99 },
        },
        buyer,
      );
    },
    async verify(c) {
      const all = (await c.t.inject({ method: 'GET', url: '/api/price-lists' }, c.admin)).json() as { name: string }[];
      assert.ok(!all.some((l) => l.name === 'Mine'));
      const cart = await c.t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: [], priceListId: 'mine', percentOff: 99 } },
        c.mallory,
      );
      assert.ok(cart.statusCode < 500);
    },
  },
  {
    route: 'PUT /api/price-lists/:id',
    name: "a buyer raising their company's discount",
    status: 403,
    async send(c) {
      const list = await c.t.inject(
        { method: 'POST', url: '/api/price-lists', payload: { name: 'Target list', percentOff: 5 } },
        c.admin,
      );
      assert.equal(list.statusCode, 201, list.body);
      const id = list.json()._id as string;
      const res = await c.t.inject(
        { method: 'PUT', url: `/api/price-lists/${id}`, payload: { ...c.forged, name: 'Target list', percentOff: 99 } },
        c.mallory,
      );
      const seen = (await c.t.inject({ method: 'GET', url: `/api/price-lists/${id}` }, c.admin)).json();
      assert.equal(seen.percentOff, 5);
      assert.equal(seen.version, 1);
      return res;
    },
  },
  // Issue 30, pay on account (PRODUCT.md §26): terms are the company's as a shop admin set them.
  {
    route: 'POST /api/checkout',
    name: 'checking out on account with forged terms, company and due date, without a company with terms',
    status: 403,
    async send(c) {
      const before = (await allOrders(c)).length;
      const res = await c.t.inject(
        {
          method: 'POST',
          url: '/api/checkout',
          payload: {
            ...c.forged,
            phone: '555',
            address: '1 Main St',
            paymentMethod: 'account',
            poNumber: 'PO-FORGED',
            companyId: '00000000-0000-4000-8000-000000000000',
            netDays: 365,
            creditLimit: 1e6,
            terms: { netDays: 365, creditLimit: 1e6 },
            dueOn: '2099-12-31',
            invoiceNumber: 'INV-2026-999999',
          },
        },
        c.mallory,
      );
      assert.equal((await allOrders(c)).length, before, 'nothing placed');
      return res;
    },
  },
  {
    route: 'POST /api/order/:id/record-payment',
    name: "a customer recording their own order's payment",
    status: 403,
    send: (c) =>
      c.t.inject(
        {
          method: 'POST',
          url: `/api/order/${c.unpaidOrderId}/record-payment`,
          payload: { ...c.forged, reference: 'MINE', paidOn: '2026-01-01', paymentRecordedAt: '2026-01-01' },
        },
        c.mallory,
      ),
    verify: (c) => assertUnpaid(c, c.unpaidOrderId),
  },
];

/** Routes with a body that are not a customer's to misuse: only GETs and DELETEs carry none. */
const bodyRoutes = (t: TestApp) => [...t.app.routeAccess.keys()].filter((r) => /^(POST|PUT) /.test(r));

for (const kind of databaseKinds()) {
  describe(`mass assignment (${kind})`, () => {
    let c: Ctx;
    /** What no row may change: the victim, their orders, the admins, the product's price. */
    let victimBefore: User;
    let victimOrdersBefore: Order[];

    before(async () => {
      const t = await createTestApp(kind);
      const admin = await t.admin();
      const mallory = await t.signUp('mallory@mass.test', 'Mallory');
      const victim = await t.signUp('victim@mass.test', 'Victim');
      const part = await addPart(t, await t.admin(), { available: 1000, price: 12.5 });
      const victimUnpaid = await placeOrder(t, victim, part._id, 1);
      const victimPaid = await placeOrder(t, victim, part._id, 1);
      const { confirm } = await payWithSandbox(t, victim, victimPaid._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const unpaid = await placeOrder(t, mallory, part._id, 1);
      const paying = await placeOrder(t, mallory, part._id, 2);
      c = {
        t,
        admin,
        mallory,
        victim,
        part,
        forged: {
          role: 'admin',
          admin: true,
          isAdmin: true,
          payment: true,
          paymentId: 'pi_forged_1',
          status: 'shipped',
          price: 0.01,
          email: victim.email,
          // Issue 30: a customer's breaks or unit price in any body are never read.
          priceBreaks: [{ minQuantity: 1, price: 0.01 }],
          unitPriceCents: 1,
        },
        unpaidOrderId: unpaid._id,
        payingOrderId: paying._id,
        victimUnpaidOrderId: victimUnpaid._id,
        victimPaymentId: confirm.body.id,
      };
      victimBefore = await userRecord(c, victim.email);
      victimOrdersBefore = (await allOrders(c)).filter((o) => o.email === victim.email);
    });
    after(() => c?.t.close());

    /** Checked after every row: nobody was elevated, nothing of the victim's moved, no order was forged. */
    async function assertNothingTaken(): Promise<void> {
      const users = (await asAdmin(c, { method: 'GET', url: '/api/all-user' })) as User[];
      assert.deepEqual(
        users.filter((u) => u.role === 'admin').map((u) => u.email),
        [c.admin.email],
        'the admins',
      );
      assert.deepEqual(await userRecord(c, c.victim.email), victimBefore, "the victim's account");
      const mallory = await userRecord(c, c.mallory.email);
      assert.deepEqual(
        [mallory._id, mallory.email, mallory.role],
        [c.mallory.id, c.mallory.email, 'user'],
        "mallory's account",
      );
      const orders = await allOrders(c);
      assert.deepEqual(
        orders.filter((o) => o.email === c.victim.email),
        victimOrdersBefore,
        "the victim's orders",
      );
      for (const o of orders) {
        assert.equal(
          Math.round(o.price * 100),
          Math.round(o.unitPrice * 100) * o.quantity + Math.round((o.shipping?.price ?? 0) * 100),
          `order ${o._id} is priced from its part (and the server's shipping price)`,
        );
        assert.equal(o.unitPrice, c.part.price, `order ${o._id} has the part's price`);
        assert.equal(o.payment, o.paymentId !== null && o.paidAt !== null, `order ${o._id}: paid only with a payment`);
        if (o.paymentId) assert.match(o.paymentId, /^pi_sandbox_/, `order ${o._id}: a payment id the provider issued`);
        assert.equal(o.status, null, `order ${o._id}: nobody shipped anything`);
      }
      const part = (await c.t.inject({ method: 'GET', url: `/api/parts/${c.part._id}` })).json() as Part;
      assert.equal(part.price, c.part.price, "the product's price");
    }

    test('every route that takes a body has a row', () => {
      const covered = new Set(rows.map((r) => r.route));
      assert.deepEqual(
        bodyRoutes(c.t).filter((r) => !covered.has(r)),
        [],
      );
    });

    for (const row of rows) {
      test(`${row.route}: ${row.name}`, async () => {
        const res = await row.send(c);
        const expected = [row.status].flat();
        assert.ok(
          expected.includes(res.statusCode),
          `expected ${expected.join(' or ')}, got ${res.statusCode}: ${res.body.slice(0, 300)}`,
        );
        if (res.statusCode >= 400 && !row.route.startsWith('POST /api/auth/')) errorOf(res);
        await row.verify?.(c, res);
        await assertNothingTaken();
      });
    }
  });
}

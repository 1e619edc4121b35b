import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { orderBody, payWithSandbox, placeOrder, TEST_CARDS, testCard } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

type Role = 'anonymous' | 'owner' | 'other' | 'admin';
interface Ctx {
  t: TestApp;
  owner: TestUser;
  partId: string;
  /** A part with plenty of stock and a minimum order of 1, for the order rows. */
  orderPartId: string;
  /** A fresh part or user, for calls that destroy what they touch. */
  freshPart(): Promise<string>;
  freshUser(): Promise<TestUser>;
  /** A new unpaid order of the owner's. */
  freshOrder(): Promise<string>;
  /** A new order of the owner's, paid through the sandbox. */
  paidOrder(): Promise<{ orderId: string; paymentId: string }>;
  /** The client secret of a new intent for a new order of the owner's. */
  freshClientSecret(): Promise<string>;
  /** A new address in the owner's book (issue 28). */
  freshAddress(): Promise<string>;
  /** A new shipping method (issue 28). */
  freshMethod(): Promise<string>;
  /** A new tax rate (issue 29), for a region of its own. */
  freshRate(): Promise<string>;
  /** The owner's e-mail, with an exemption certificate recorded (issue 29). */
  exemptOwner(): Promise<string>;
  /** A new company with nobody in it (issue 30). */
  freshCompany(): Promise<string>;
  /** The company the owner is an admin of (issue 30); "other" and the admin belong to none. */
  ownerCompanyId: string;
  /** The e-mail of a new buyer of the owner's company (issue 30). */
  freshOwnerCompanyMember(): Promise<string>;
  /** A new price list of 10 % off for the owner's company (issue 30, §25). */
  freshPriceList(): Promise<string>;
}
interface Row {
  route: string;
  /** Session routes authenticate with the identity cookie instead of the access token. */
  credential?: 'token' | 'cookie';
  request(ctx: Ctx): Promise<InjectOptions> | InjectOptions;
  expect: Record<Role, number>;
}

const part = {
  name: 'Matrix Part',
  des: 'A part for the matrix.',
  img: '/images/parts/x.svg',
  minimunOrder: 1,
  available: 10,
  price: 1,
  /** Issue 30: only admins set quantity breaks. */
  priceBreaks: [{ minQuantity: 10, price: 0.9 }],
};
const profile = { name: 'Owner', address: '1 Gear St', phone: '555', linkedin: 'https://linkedin.com/in/o' };
/** The matrix part's own number (PRODUCT.md §17). */
const numberOf = async (c: Ctx): Promise<string> =>
  ((await c.t.inject({ method: 'GET', url: `/api/parts/${c.partId}` })).json() as { partNumber: string }).partNumber;
const address = { name: 'Owner', line1: '1 Gear St', postalCode: '62704', city: 'Springfield', country: 'US' };
const method = {
  name: 'Matrix Post',
  carrier: 'Matrix',
  countries: ['US'],
  rates: [{ upToGrams: 1000, price: 5 }],
  freeOver: null,
  carriesHazardous: false,
  estimateDays: [1, 3],
  active: true,
};
let regions = 0;
/** A tax rate for a region nobody else uses (issue 29). */
const rateBody = () => ({ country: 'US', region: `M${++regions}`, rate: 5.5, name: 'Matrix rate' });
const everyone = (status: number) => ({ anonymous: status, owner: status, other: status, admin: status });

/** Every API route, and the exact status each caller gets. A new route must be added here. */
const matrix: Row[] = [
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/config', request: () => ({ method: 'GET', url: '/api/config' }), expect: everyone(200) },
  { route: 'GET /api/parts', request: () => ({ method: 'GET', url: '/api/parts' }), expect: everyone(200) },
  {
    route: 'GET /api/parts/:id',
    request: (c) => ({ method: 'GET', url: `/api/parts/${c.partId}` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/parts',
    request: () => ({ method: 'POST', url: '/api/parts', payload: part }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    route: 'PUT /api/parts/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/parts/${c.partId}`,
      payload: { price: 12, priceBreaks: [{ minQuantity: 10, price: 11 }] },
      headers: {
        'if-match': String((await c.t.inject({ method: 'GET', url: `/api/parts/${c.partId}` })).headers.etag),
      },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/parts/:id/stock',
    request: (c) => ({ method: 'POST', url: `/api/parts/${c.partId}/stock`, payload: { add: 5 } }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/part/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/part/${await c.freshPart()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/vehicles/makes',
    request: () => ({ method: 'GET', url: '/api/vehicles/makes' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/vehicles/models',
    request: () => ({ method: 'GET', url: '/api/vehicles/models?make=Volkswagen' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/vehicles/years',
    request: () => ({ method: 'GET', url: '/api/vehicles/years?make=Volkswagen&model=Golf' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/vehicles/engines',
    request: () => ({ method: 'GET', url: '/api/vehicles/engines?make=Volkswagen&model=Golf&year=2016' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/fitment/import',
    request: (c) => ({
      method: 'POST',
      url: '/api/fitment/import',
      headers: { 'content-type': 'text/csv' },
      payload: `partId,make,model,yearFrom,yearTo,engine,note\n${c.partId},Volkswagen,Golf,2013,2020,,`,
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/parts/by-number/:number',
    request: async (c) => ({
      method: 'GET',
      url: `/api/parts/by-number/${encodeURIComponent(await numberOf(c))}`,
    }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/parts/cross-references/import',
    request: async (c) => ({
      method: 'POST',
      url: '/api/parts/cross-references/import',
      headers: { 'content-type': 'text/csv' },
      payload: `partNumber,kind,brand,number\n${await numberOf(c)},oe,Volkswagen,1K0 698 999`,
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  // Each caller's own garage: no id in the address, so nobody can name another's.
  {
    route: 'GET /api/garage',
    request: () => ({ method: 'GET', url: '/api/garage' }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'PUT /api/garage',
    request: () => ({ method: 'PUT', url: '/api/garage', payload: [{ make: 'Ford', model: 'Focus', year: 2015 }] }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  // Each caller's own cart, likewise (an admin's is the admin's own).
  {
    route: 'GET /api/cart',
    request: () => ({ method: 'GET', url: '/api/cart' }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'PUT /api/cart',
    request: (c) => ({ method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: c.partId, quantity: 1 }] } }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'POST /api/cart/lines',
    request: (c) => ({
      method: 'POST',
      url: '/api/cart/lines',
      payload: { lines: [{ partId: c.partId, quantity: 1 }] },
    }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'POST /api/cart/quick-order',
    request: async (c) => ({
      method: 'POST',
      url: '/api/cart/quick-order',
      headers: { 'content-type': 'text/plain' },
      payload: `${await numberOf(c)} 1`,
    }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  // Only the order's owner: to anyone else, an admin too, the order does not exist.
  {
    route: 'POST /api/orders/:id/reorder',
    request: async (c) => ({ method: 'POST', url: `/api/orders/${await c.freshOrder()}/reorder` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  { route: 'GET /api/review', request: () => ({ method: 'GET', url: '/api/review' }), expect: everyone(200) },
  {
    route: 'POST /api/review',
    request: () => ({ method: 'POST', url: '/api/review', payload: { comment: 'ok', rating: 4 } }),
    expect: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    route: 'POST /api/contact',
    request: () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@b.test', subject: 's', message: 'm' },
    }),
    expect: everyone(201),
  },
  {
    route: 'GET /api/contact',
    request: () => ({ method: 'GET', url: '/api/contact?handled=false&limit=5' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/contact/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/contact/${(await c.t.inject({ method: 'POST', url: '/api/contact', payload: { email: 'a@b.test', subject: 's', message: 'm' } })).json()._id}`,
      payload: { handled: true },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user/:email',
    credential: 'cookie',
    request: (c) => ({ method: 'PUT', url: `/api/user/${c.owner.email}`, payload: {} }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    route: 'GET /api/user',
    request: (c) => ({ method: 'GET', url: `/api/user?email=${c.owner.email}` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user-update',
    request: (c) => ({ method: 'PUT', url: `/api/user-update?email=${c.owner.email}`, payload: profile }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    route: 'GET /api/all-user',
    request: () => ({ method: 'GET', url: '/api/all-user' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user/admin/:email',
    request: async (c) => ({ method: 'PUT', url: `/api/user/admin/${(await c.freshUser()).email}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/user/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/user/${(await c.freshUser()).id}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/admin/:email',
    request: (c) => ({ method: 'GET', url: `/api/admin/${c.owner.email}` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/order',
    request: (c) => ({ method: 'POST', url: '/api/order', payload: orderBody(c.orderPartId, 1) }),
    expect: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  // Everyone checks out their own cart, never another's: every caller's cart is empty here.
  {
    route: 'POST /api/checkout',
    request: () => ({ method: 'POST', url: '/api/checkout', payload: { phone: '555', address: '1 Gear St' } }),
    expect: { anonymous: 401, owner: 409, other: 409, admin: 409 },
  },
  // Issue 28: each caller's own address book; another's address is missing to everyone else, admins too.
  {
    route: 'GET /api/addresses',
    request: () => ({ method: 'GET', url: '/api/addresses' }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'POST /api/addresses',
    request: () => ({ method: 'POST', url: '/api/addresses', payload: address }),
    expect: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    route: 'GET /api/addresses/:id',
    request: async (c) => ({ method: 'GET', url: `/api/addresses/${await c.freshAddress()}` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'PUT /api/addresses/:id',
    request: async (c) => ({ method: 'PUT', url: `/api/addresses/${await c.freshAddress()}`, payload: address }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'DELETE /api/addresses/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/addresses/${await c.freshAddress()}` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/shipping/methods',
    request: () => ({ method: 'GET', url: '/api/shipping/methods' }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/shipping/methods/all',
    request: () => ({ method: 'GET', url: '/api/shipping/methods/all' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/shipping/methods/:id',
    request: async (c) => ({ method: 'GET', url: `/api/shipping/methods/${await c.freshMethod()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/shipping/methods',
    request: () => ({ method: 'POST', url: '/api/shipping/methods', payload: method }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    route: 'PUT /api/shipping/methods/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/shipping/methods/${await c.freshMethod()}`,
      payload: { active: false },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/shipping/methods/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/shipping/methods/${await c.freshMethod()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/shipping/options',
    request: async (c) => ({ method: 'GET', url: `/api/shipping/options?addressId=${await c.freshAddress()}` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/tax/rates',
    request: () => ({ method: 'GET', url: '/api/tax/rates' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/tax/rates/:id',
    request: async (c) => ({ method: 'GET', url: `/api/tax/rates/${await c.freshRate()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/tax/rates',
    request: () => ({ method: 'POST', url: '/api/tax/rates', payload: rateBody() }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    route: 'PUT /api/tax/rates/:id',
    request: async (c) => ({ method: 'PUT', url: `/api/tax/rates/${await c.freshRate()}`, payload: rateBody() }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/tax/rates/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/tax/rates/${await c.freshRate()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // Everyone signed in has their own number: "other" and the admin read theirs, never the owner's.
    route: 'GET /api/tax-id',
    request: () => ({ method: 'GET', url: '/api/tax-id' }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'PUT /api/tax-id',
    request: () => ({ method: 'PUT', url: '/api/tax-id', payload: { taxId: '12-3456789' } }),
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    route: 'GET /api/companies',
    request: () => ({ method: 'GET', url: '/api/companies' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/companies',
    request: () => ({ method: 'POST', url: '/api/companies', payload: { name: 'Matrix Co' } }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    route: 'GET /api/companies/:id',
    request: (c) => ({ method: 'GET', url: `/api/companies/${c.ownerCompanyId}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // A company's own admin (the owner) is not a shop admin: only shop admins rename a company or
    // set its tax number.
    route: 'PUT /api/companies/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/companies/${await c.freshCompany()}`,
      payload: { name: 'Matrix Renamed Co', taxId: '12-3456789' },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // A company's own admin is not a shop admin: only shop admins attach accounts.
    route: 'PUT /api/companies/:id/members/:email',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/companies/${await c.freshCompany()}/members/${(await c.freshUser()).email}`,
      payload: { role: 'buyer' },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/companies/:id/terms',
    request: (c) => ({
      method: 'PUT',
      url: `/api/companies/${c.ownerCompanyId}/terms`,
      payload: { netDays: 30, creditLimit: 1000 },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // The caller's own company: the owner's; "other" and the admin belong to none.
    route: 'GET /api/company',
    request: () => ({ method: 'GET', url: '/api/company' }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    // Company admins invite: the owner is one; "other" and the admin belong to no company.
    route: 'POST /api/company/invitations',
    request: async (c) => ({
      method: 'POST',
      url: '/api/company/invitations',
      payload: { email: (await c.freshUser()).email },
    }),
    expect: { anonymous: 401, owner: 201, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/company/invitations',
    request: () => ({ method: 'GET', url: '/api/company/invitations' }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    // Whoever holds a valid token may try; an unknown one is a 404 for everyone signed in.
    route: 'POST /api/company/invitations/accept',
    request: () => ({
      method: 'POST',
      url: '/api/company/invitations/accept',
      payload: { token: 'matrix-no-such-token' },
    }),
    expect: { anonymous: 401, owner: 404, other: 404, admin: 404 },
  },
  {
    // Only a member of the caller's own company: "other" and the shop admin have none (404).
    route: 'DELETE /api/company/members/:email',
    request: async (c) => ({ method: 'DELETE', url: `/api/company/members/${await c.freshOwnerCompanyMember()}` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/company/orders',
    request: () => ({ method: 'GET', url: '/api/company/orders' }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/tax-exemptions/:email',
    request: async (c) => ({ method: 'GET', url: `/api/tax-exemptions/${await c.exemptOwner()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/tax-exemptions/:email',
    request: (c) => ({
      method: 'PUT',
      url: `/api/tax-exemptions/${c.owner.email}`,
      payload: { certificate: 'MATRIX-1', expiresOn: '2099-12-31' },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/tax-exemptions/:email',
    request: async (c) => ({ method: 'DELETE', url: `/api/tax-exemptions/${await c.exemptOwner()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // The caller's own cart, priced; another's address is a 404 (the shipping options' rule).
    route: 'GET /api/tax/quote',
    request: async (c) => ({ method: 'GET', url: `/api/tax/quote?addressId=${await c.freshAddress()}` }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/tax/report',
    request: () => ({ method: 'GET', url: '/api/tax/report?from=2026-01-01&to=2026-12-31' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/tax/report.csv',
    request: () => ({ method: 'GET', url: '/api/tax/report.csv?from=2026-01-01&to=2026-12-31' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/order',
    request: (c) => ({ method: 'GET', url: `/api/order?email=${c.owner.email}` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    route: 'GET /api/order/:id',
    request: async (c) => ({ method: 'GET', url: `/api/order/${await c.freshOrder()}` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/order/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/order/${await c.freshOrder()}` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/order/:id',
    request: async (c) => {
      const { orderId, paymentId } = await c.paidOrder();
      return { method: 'PUT', url: `/api/order/${orderId}`, payload: { payment: true, paymentId } };
    },
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/order/:id/invoice.pdf',
    request: async (c) => ({ method: 'GET', url: `/api/order/${(await c.paidOrder()).orderId}/invoice.pdf` }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/order/:id/refund',
    request: async (c) => ({ method: 'POST', url: `/api/order/${(await c.paidOrder()).orderId}/refund` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/order/:id/credit-notes/:number.pdf',
    request: async (c) => {
      const { orderId } = await c.paidOrder();
      const refunded = await c.t.inject({ method: 'POST', url: `/api/order/${orderId}/refund` }, await c.t.admin());
      const number = (refunded.json() as { creditNotes: { number: string }[] }).creditNotes[0]!.number;
      return { method: 'GET', url: `/api/order/${orderId}/credit-notes/${number}.pdf` };
    },
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    route: 'GET /api/orders',
    request: () => ({ method: 'GET', url: '/api/orders' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders/export.csv',
    request: () => ({ method: 'GET', url: '/api/orders/export.csv?status=unpaid' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/orders/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/orders/${(await c.paidOrder()).orderId}`,
      payload: { status: 'shipped' },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/stats',
    request: () => ({ method: 'GET', url: '/api/stats?days=7' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/create-payment-intent',
    request: async (c) => ({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: await c.freshOrder() },
    }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    route: 'POST /api/payments/sandbox/confirm',
    request: async (c) => ({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret: await c.freshClientSecret(), card: testCard(TEST_CARDS.visa) },
    }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    route: 'POST /api/payment',
    request: async (c) => ({
      method: 'POST',
      url: '/api/payment',
      payload: { paymentId: (await c.paidOrder()).paymentId },
    }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  // Signed by Stripe, not by a caller; with the sandbox provider (as here) it is not served. The
  // signature checks are in payments-stripe.test.ts.
  {
    route: 'POST /api/webhooks/stripe',
    request: () => ({ method: 'POST', url: '/api/webhooks/stripe', payload: {} }),
    expect: everyone(404),
  },
  // An operator's token of its own (METRICS_TOKEN, set for this suite): no account's access
  // token opens it, an admin's neither; the token itself is tested in metrics.test.ts.
  {
    route: 'GET /api/metrics',
    request: () => ({ method: 'GET', url: '/api/metrics' }),
    expect: everyone(401),
  },
  // Issue 30 (§25): price lists are shop admins' only; a company's own admin is not one.
  {
    route: 'GET /api/price-lists',
    request: () => ({ method: 'GET', url: '/api/price-lists' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/price-lists',
    request: (c) => ({
      method: 'POST',
      url: '/api/price-lists',
      payload: { name: 'Matrix list', companyIds: [c.ownerCompanyId], percentOff: 90 },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    route: 'GET /api/price-lists/:id',
    request: async (c) => ({ method: 'GET', url: `/api/price-lists/${await c.freshPriceList()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'PUT /api/price-lists/:id',
    request: async (c) => ({
      method: 'PUT',
      url: `/api/price-lists/${await c.freshPriceList()}`,
      payload: { name: 'Matrix list', companyIds: [c.ownerCompanyId], percentOff: 99 },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/price-lists/:id',
    request: async (c) => ({ method: 'DELETE', url: `/api/price-lists/${await c.freshPriceList()}` }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  // Issue 30, pay on account (PRODUCT.md §26): only shop admins record a payment; the credit is
  // the caller's own company's ("other" and the admin belong to none).
  {
    route: 'POST /api/order/:id/record-payment',
    request: async (c) => ({
      method: 'POST',
      url: `/api/order/${await onAccountOrder(c)}/record-payment`,
      payload: { reference: 'MATRIX-REF' },
    }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'GET /api/company/credit',
    request: async (c) => {
      await giveTerms(c);
      return { method: 'GET', url: '/api/company/credit' };
    },
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
];

/** Issue 30: the owner's company gets terms with room for every on-account order here. */
async function giveTerms(c: Ctx): Promise<void> {
  const res = await c.t.inject(
    {
      method: 'PUT',
      url: `/api/companies/${c.ownerCompanyId}/terms`,
      payload: { netDays: 30, creditLimit: 1_000_000 },
    },
    await c.t.admin(),
  );
  assert.equal(res.statusCode, 200, res.body);
}

/** Issue 30: a new order of the owner's on their company's account. */
async function onAccountOrder(c: Ctx): Promise<string> {
  await giveTerms(c);
  const cart = await c.t.inject(
    { method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: c.orderPartId, quantity: 1 }] } },
    c.owner,
  );
  assert.equal(cart.statusCode, 200, cart.body);
  const res = await c.t.inject(
    { method: 'POST', url: '/api/checkout', payload: { phone: '555', address: '1 Gear St', paymentMethod: 'account' } },
    c.owner,
  );
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { _id: string })._id;
}

/** better-auth's own routes: public by design, guarded by rate limits and its own checks. */
const identityRoutes = new Set([
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/google/popup',
  'GET /api/auth/*',
  'POST /api/auth/*',
]);

for (const kind of databaseKinds()) {
  describe(`authorization matrix (${kind})`, () => {
    let t: TestApp;
    let callers: Record<Exclude<Role, 'anonymous'>, TestUser>;
    let ctx: Ctx;
    let n = 0;
    before(async () => {
      t = await createTestApp(kind, { env: { METRICS_TOKEN: 'matrix-metrics-token-0123456789' } });
      callers = {
        owner: await t.signUp('owner@torque.test'),
        other: await t.signUp('other@torque.test'),
        admin: await t.admin(),
      };
      const partId = (await t.inject({ method: 'GET', url: '/api/parts' })).json()[0]._id;
      const orderPartId = (
        await t.inject({ method: 'POST', url: '/api/parts', payload: { ...part, available: 10_000 } }, callers.admin)
      ).json()._id;
      const freshCompany = async (): Promise<string> => {
        const res = await t.inject(
          { method: 'POST', url: '/api/companies', payload: { name: 'Matrix Co' } },
          callers.admin,
        );
        assert.equal(res.statusCode, 201, res.body);
        return res.json()._id;
      };
      const ownerCompanyId = await freshCompany();
      const attached = await t.inject(
        {
          method: 'PUT',
          url: `/api/companies/${ownerCompanyId}/members/${callers.owner.email}`,
          payload: { role: 'admin' },
        },
        callers.admin,
      );
      assert.equal(attached.statusCode, 200, attached.body);
      ctx = {
        t,
        freshCompany,
        ownerCompanyId,
        owner: callers.owner,
        partId,
        orderPartId,
        freshPart: async () =>
          (await t.inject({ method: 'POST', url: '/api/parts', payload: part }, callers.admin)).json()._id,
        freshUser: () => t.signUp(`victim-${++n}@torque.test`),
        freshOrder: async () => (await placeOrder(t, callers.owner, orderPartId, 1))._id,
        paidOrder: async () => {
          const order = await placeOrder(t, callers.owner, orderPartId, 1);
          const { confirm } = await payWithSandbox(t, callers.owner, order._id);
          assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
          return { orderId: order._id, paymentId: confirm.body.id };
        },
        freshAddress: async () =>
          (await t.inject({ method: 'POST', url: '/api/addresses', payload: address }, callers.owner)).json()._id,
        freshMethod: async () =>
          (await t.inject({ method: 'POST', url: '/api/shipping/methods', payload: method }, callers.admin)).json()._id,
        freshRate: async () =>
          (await t.inject({ method: 'POST', url: '/api/tax/rates', payload: rateBody() }, callers.admin)).json()._id,
        exemptOwner: async () => {
          const res = await t.inject(
            {
              method: 'PUT',
              url: `/api/tax-exemptions/${callers.owner.email}`,
              payload: { certificate: 'MATRIX-1', expiresOn: '2099-12-31' },
            },
            callers.admin,
          );
          assert.equal(res.statusCode, 200, res.body);
          return callers.owner.email;
        },
        freshClientSecret: async () => {
          const order = await placeOrder(t, callers.owner, orderPartId, 1);
          return (
            await t.inject(
              { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
              callers.owner,
            )
          ).json().clientSecret;
        },
        freshOwnerCompanyMember: async () => {
          const member = await t.signUp(`member-${++n}@torque.test`);
          const res = await t.inject(
            {
              method: 'PUT',
              url: `/api/companies/${ownerCompanyId}/members/${member.email}`,
              payload: { role: 'buyer' },
            },
            callers.admin,
          );
          assert.equal(res.statusCode, 200, res.body);
          return member.email;
        },
        freshPriceList: async () => {
          const res = await t.inject(
            {
              method: 'POST',
              url: '/api/price-lists',
              payload: { name: 'Matrix list', companyIds: [ownerCompanyId], percentOff: 10 },
            },
            callers.admin,
          );
          assert.equal(res.statusCode, 201, res.body);
          return res.json()._id;
        },
      };
    });
    after(() => t.close());

    test('the matrix lists every API route, and nothing that does not exist', () => {
      const routes = [...t.app.routeAccess.keys()].filter((r) => !r.startsWith('GET /api/docs'));
      const listed = new Set([...matrix.map((r) => r.route), ...identityRoutes]);
      assert.deepEqual(
        routes.filter((r) => !listed.has(r)),
        [],
        'routes missing from the matrix',
      );
      assert.deepEqual(
        [...listed].filter((r) => !routes.includes(r)),
        [],
        'matrix rows with no route',
      );
    });

    for (const row of matrix) {
      test(row.route, async () => {
        for (const role of ['anonymous', 'owner', 'other', 'admin'] as const) {
          const options = await row.request(ctx);
          const user = role === 'anonymous' ? null : callers[role];
          const res =
            row.credential === 'cookie'
              ? await t.inject({ ...options, headers: user ? { cookie: user.cookie } : {} })
              : await t.inject(options, user);
          assert.equal(res.statusCode, row.expect[role], `${row.route} as ${role}: ${res.body.slice(0, 200)}`);
        }
      });
    }
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  EXPORT_NOTE,
  REVERSE_CHARGE_NOTE,
  type Address,
  type Order,
  type Part,
  type TaxIdAnswer,
  type TaxQuote,
  type TaxRate,
  type TaxReportRow,
} from '@torque/contract';
import { addPart, eventually, orderBody, payWithSandbox, type FakeVies } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';
import { createTaxRepository } from '../src/modules/tax/tax-repository.ts';
import { closeViesApp, openViesApp } from './helpers/vies-app.ts';

/**
 * Issue 29 (PRODUCT.md "Tax"): rates by destination, the buyer's tax number checked with VIES
 * (a local stand-in), reverse charge, export, certificates, the rounding rule (per line, half-up)
 * agreeing across quote, order, payment and CSV export, and the tax report.
 */

const TIME_ZONE = 'America/New_York';
const todayIn = (tz: string, offsetDays = 0): string => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offsetDays)).toISOString().slice(0, 10);
};

const US = (region: string, postalCode = '94105') => ({
  name: 'Jane Buyer',
  line1: '1 Market St',
  postalCode,
  city: 'Somewhere',
  region,
  country: 'US',
  phone: '+1 555 0100',
});
const BERLIN = {
  name: 'Max M',
  line1: 'Hauptstr. 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  phone: '+49 30 1',
};
const PARIS = {
  name: 'Marie C',
  line1: '1 rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  phone: '+33 1 1',
};

/** Shared steps of both suites. */
function helpers(get: () => { t: TestApp; admin: TestUser }) {
  const h = {
    async address(as: TestUser, payload: Record<string, unknown>): Promise<Address> {
      const res = await get().t.inject({ method: 'POST', url: '/api/addresses', payload }, as);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    },
    part: (price: number, available = 1000): Promise<Part> => addPart(get().t, get().admin, { price, available }),
    async setCart(as: TestUser, lines: { partId: string; quantity: number }[]) {
      const res = await get().t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
    },
    async quote(as: TestUser, query = ''): Promise<TaxQuote> {
      const res = await get().t.inject({ method: 'GET', url: `/api/tax/quote${query}` }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
    async checkout(as: TestUser, body: Record<string, unknown>): Promise<Order> {
      const res = await get().t.inject({ method: 'POST', url: '/api/checkout', payload: body }, as);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    },
    async setTaxId(as: TestUser, taxId: string): Promise<TaxIdAnswer> {
      const res = await get().t.inject({ method: 'PUT', url: '/api/tax-id', payload: { taxId } }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
    /** Pays through the sandbox; answers the payment record's amount in cents. */
    async paidCents(as: TestUser, orderId: string): Promise<number> {
      const { confirm } = await payWithSandbox(get().t, as, orderId);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const { rows } = await get().t.db.database.db.execute<{ cents: number }>(
        sql`select amount_cents as "cents" from payments where order_id = ${orderId}::uuid`,
      );
      assert.equal(rows.length, 1);
      return Number(rows[0]!.cents);
    },
    /** The export's net, tax and gross of an order (its first row's last three cells). */
    async exported(orderId: string): Promise<[string, string, string]> {
      const csv = (await get().t.inject({ method: 'GET', url: '/api/orders/export.csv' }, get().admin)).body;
      const header = csv.split('\r\n')[0]!;
      assert.ok(header.endsWith(',Shipping,Net,Tax,Gross'), header);
      const row = csv.split('\r\n').find((r) => r.startsWith(orderId));
      assert.ok(row, `order ${orderId} in the export`);
      return row.split(',').slice(-3) as [string, string, string];
    },
    async rate(country: string, region: string | null, rate: number): Promise<TaxRate> {
      const res = await get().t.inject(
        {
          method: 'POST',
          url: '/api/tax/rates',
          payload: { country, region, rate, name: `${country} ${region ?? ''}` },
        },
        get().admin,
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    },
  };
  return h;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => (c / 100).toFixed(2);

for (const kind of databaseKinds()) {
  describe(`tax, the seller in the US (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let vies: FakeVies;
    const h = helpers(() => ({ t, admin }));
    before(async () => {
      // The background re-check stays out of the way here: the claim test below drives it by hand.
      ({ t, admin, vies } = await openViesApp(kind, { SHOP_TIMEZONE: TIME_ZONE, VIES_RECHECK_POLL_MS: '3600000' }));
    });
    after(() => closeViesApp({ t, admin, vies }));

    test('a US state rate (California 7.25 %) on goods and shipping: quote = order = payment = CSV', async () => {
      const buyer = await t.signUp('ca@tax.test');
      const address = await h.address(buyer, US('CA'));
      const part = await h.part(10);
      const methodRes = await t.inject(
        {
          method: 'POST',
          url: '/api/shipping/methods',
          payload: {
            name: 'Tax Post',
            carrier: 'T',
            countries: ['US'],
            rates: [{ upToGrams: 100_000, price: 8 }],
            freeOver: null,
            carriesHazardous: false,
            estimateDays: [1, 2],
            active: true,
          },
        },
        admin,
      );
      assert.equal(methodRes.statusCode, 201, methodRes.body);
      const methodId = methodRes.json()._id as string;
      try {
        await h.setCart(buyer, [{ partId: part._id, quantity: 3 }]);
        const quote = await h.quote(buyer, `?addressId=${address._id}&shippingMethodId=${methodId}`);
        // Goods 30.00 × 7.25 % = 2.175 → 2.18; shipping 8.00 × 7.25 % = 0.58.
        assert.deepEqual(quote, {
          goods: 30,
          shipping: 8,
          net: 38,
          tax: { lines: [{ rate: 7.25, net: 38, tax: 2.76 }], total: 2.76, note: null },
          gross: 40.76,
          country: 'US',
          region: 'CA',
          taxIdStatus: null,
        });
        const order = await h.checkout(buyer, { addressId: address._id, shippingMethodId: methodId });
        assert.equal(order.price, 40.76, 'the price is the gross: the amount to pay');
        assert.equal(order.net, 38);
        assert.equal(order.gross, 40.76);
        assert.deepEqual(order.tax, quote.tax);
        assert.equal(await h.paidCents(buyer, order._id), 4076);
        assert.deepEqual(await h.exported(order._id), ['38.00', '2.76', '40.76']);
      } finally {
        await t.inject({ method: 'PUT', url: `/api/shipping/methods/${methodId}`, payload: { active: false } }, admin);
      }
    });

    test("a state without a rate takes the US row (0 %); the spec's one-part order is taxed as the seller's country", async () => {
      const buyer = await t.signUp('il@tax.test');
      const address = await h.address(buyer, US('IL', '62704'));
      const part = await h.part(12.5);
      await h.setCart(buyer, [{ partId: part._id, quantity: 2 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual([order.net, order.gross, order.price], [25, 25, 25]);
      assert.deepEqual(order.tax, { lines: [{ rate: 0, net: 25, tax: 0 }], total: 0, note: null });

      const one = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 2) }, buyer);
      assert.equal(one.statusCode, 201, one.body);
      const placed: Order = one.json();
      assert.deepEqual([placed.net, placed.gross, placed.price], [25, 25, 25]);
      assert.deepEqual(placed.tax, { lines: [{ rate: 0, net: 25, tax: 0 }], total: 0, note: null });
    });

    test('a destination outside the seller’s tax area is an export: 0 % and the export note', async () => {
      const buyer = await t.signUp('export@tax.test');
      const address = await h.address(buyer, BERLIN);
      const part = await h.part(19.99);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const quote = await h.quote(buyer); // the default shipping address
      assert.equal(quote.country, 'DE');
      assert.deepEqual(quote.tax, { lines: [{ rate: 0, net: 19.99, tax: 0 }], total: 0, note: EXPORT_NOTE });
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, quote.tax);
      assert.equal(order.price, 19.99);
    });

    test('a certificate: 0 % until its expiry date (inclusive, the shop’s time zone), tax again a day after', async () => {
      const buyer = await t.signUp('cert@tax.test');
      const address = await h.address(buyer, US('NY', '10001'));
      const part = await h.part(100);
      const put = await t.inject(
        {
          method: 'PUT',
          url: `/api/tax-exemptions/${buyer.email}`,
          payload: { certificate: 'RESALE-123', expiresOn: todayIn(TIME_ZONE) },
        },
        admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json(), { email: buyer.email, certificate: 'RESALE-123', expiresOn: todayIn(TIME_ZONE) });

      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const exempt = await h.checkout(buyer, { addressId: address._id });
      assert.equal(exempt.tax.total, 0);
      assert.match(exempt.tax.note ?? '', /RESALE-123/);
      assert.equal(exempt.price, 100);
      const oneExempt: Order = (
        await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) }, buyer)
      ).json();
      assert.match(oneExempt.tax.note ?? '', /RESALE-123/, 'the one-part order too');

      // Expired yesterday: New York's 4 %.
      await t.inject(
        {
          method: 'PUT',
          url: `/api/tax-exemptions/${buyer.email}`,
          payload: { certificate: 'RESALE-123', expiresOn: todayIn(TIME_ZONE, -1) },
        },
        admin,
      );
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const taxed = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(taxed.tax, { lines: [{ rate: 4, net: 100, tax: 4 }], total: 4, note: null });
      assert.equal(taxed.price, 104);

      const got = await t.inject({ method: 'GET', url: `/api/tax-exemptions/${buyer.email}` }, admin);
      assert.equal(got.json().expiresOn, todayIn(TIME_ZONE, -1));
      const del = await t.inject({ method: 'DELETE', url: `/api/tax-exemptions/${buyer.email}` }, admin);
      assert.equal(del.statusCode, 200, del.body);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/tax-exemptions/${buyer.email}` }, admin)).statusCode,
        404,
      );
      assert.equal(
        (await t.inject({ method: 'DELETE', url: `/api/tax-exemptions/${buyer.email}` }, admin)).statusCode,
        404,
      );
      for (const payload of [
        { certificate: 'X', expiresOn: '2026-02-30' },
        { certificate: '', expiresOn: '2030-01-01' },
        { certificate: 'X' },
        { certificate: 'X', expiresOn: 20300101 },
      ]) {
        const res = await t.inject({ method: 'PUT', url: `/api/tax-exemptions/${buyer.email}`, payload }, admin);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      }
      const buyerTries = await t.inject(
        {
          method: 'PUT',
          url: `/api/tax-exemptions/${buyer.email}`,
          payload: { certificate: 'MINE', expiresOn: '2099-01-01' },
        },
        buyer,
      );
      assert.equal(buyerTries.statusCode, 403, 'a buyer cannot record their own exemption');
    });

    /** [unit price, quantity, rate %, expected tax in cents]: per line, half-up. */
    const ROUNDING: [number, number, number, number][] = [
      [10, 1, 7.25, 73], // 72.5 → 73
      [0.01, 1, 19, 0], // 0.19
      [0.03, 1, 19, 1], // 0.57
      [0.05, 1, 10, 1], // 0.5 → 1
      [0.15, 1, 10, 2], // 1.5 → 2
      [0.25, 1, 10, 3], // 2.5 → 3
      [1, 3, 8.875, 27], // 26.625
      [19.99, 1, 21, 420], // 419.79
      [19.99, 7, 21, 2939], // 2938.53
      [12.34, 1, 13, 160], // 160.42
      [0.5, 1, 1, 1], // 0.5 → 1
      [1.5, 1, 1, 2], // 1.5 → 2
      [2.5, 1, 1, 3], // 2.5 → 3
      [99.99, 1, 20, 2000], // 1999.8
      [0.07, 1, 7.25, 1], // 0.5075
      [0.06, 1, 7.25, 0], // 0.435
      [4, 1, 6.25, 25], // 25
      [0.08, 1, 6.25, 1], // 0.5 → 1
      [0.24, 1, 6.25, 2], // 1.5 → 2
      [123.45, 2, 0.001, 0], // 0.2469
      [500, 1, 0.001, 1], // 0.5 → 1
      [7.77, 3, 100, 2331], // 2331
      [0.01, 1, 50, 1], // 0.5 → 1
      [33.33, 3, 4, 400], // 399.96
    ];

    test(`the rounding rule, ${ROUNDING.length} cases: quote = order = payment = CSV export to the cent`, async () => {
      const buyer = await t.signUp('rounding@tax.test');
      for (const [i, [price, quantity, rate, taxCents]] of ROUNDING.entries()) {
        const region = `R${i}`;
        await h.rate('US', region, rate);
        const address = await h.address(buyer, { ...US(region, '10001'), defaultShipping: true });
        const part = await h.part(price);
        await h.setCart(buyer, [{ partId: part._id, quantity }]);
        const net = cents(price) * quantity;
        const label = `${price} × ${quantity} at ${rate} %`;
        const quote = await h.quote(buyer);
        assert.deepEqual(
          quote.tax,
          { lines: [{ rate, net: net / 100, tax: taxCents / 100 }], total: taxCents / 100, note: null },
          label,
        );
        assert.equal(quote.gross, (net + taxCents) / 100, label);
        const order = await h.checkout(buyer, { addressId: address._id });
        assert.deepEqual(order.tax, quote.tax, label);
        assert.equal(order.price, quote.gross, label);
        assert.equal(await h.paidCents(buyer, order._id), net + taxCents, label);
        assert.deepEqual(await h.exported(order._id), [money(net), money(taxCents), money(net + taxCents)], label);
      }
    });

    test('each line is rounded on its own: two goods lines and the shipping line', async () => {
      const buyer = await t.signUp('lines@tax.test');
      await h.rate('US', 'PL', 10);
      const address = await h.address(buyer, US('PL', '10001'));
      const [a, b] = [await h.part(0.05), await h.part(0.05)];
      await h.setCart(buyer, [
        { partId: a._id, quantity: 1 },
        { partId: b._id, quantity: 1 },
      ]);
      // 0.5 + 0.5 cents → 1 + 1 (the sum's 1.0 cent would be 1).
      const quote = await h.quote(buyer, `?addressId=${address._id}`);
      assert.deepEqual(quote.tax.lines, [{ rate: 10, net: 0.1, tax: 0.02 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.equal(order.price, 0.12);
    });

    test('rates: admins keep them; bad input is a 400, a second rate for a country and region a 409', async () => {
      const created = await h.rate('ca', 'qc', 14.975);
      assert.deepEqual([created.country, created.region, created.rate], ['CA', 'QC', 14.975]);
      const list: TaxRate[] = (await t.inject({ method: 'GET', url: '/api/tax/rates' }, admin)).json();
      assert.ok(
        list.some((r) => r.country === 'CA' && r.region === 'ON' && r.rate === 13),
        'the seed',
      );
      assert.ok(
        list.some((r) => r.country === 'US' && r.region === null && r.rate === 0),
        'the seed',
      );
      const dup = await t.inject(
        { method: 'POST', url: '/api/tax/rates', payload: { country: 'CA', region: 'QC', rate: 1, name: 'x' } },
        admin,
      );
      assert.equal(dup.statusCode, 409, dup.body);
      const dupCountry = await t.inject(
        { method: 'POST', url: '/api/tax/rates', payload: { country: 'DE', region: null, rate: 1, name: 'x' } },
        admin,
      );
      assert.equal(dupCountry.statusCode, 409, 'one country row (region null) per country');
      for (const payload of [
        { country: 'Germany', rate: 19, name: 'x' },
        { country: 'DE', rate: -1, name: 'x' },
        { country: 'DE', rate: 101, name: 'x' },
        { country: 'DE', rate: 1.0001, name: 'x' },
        { country: 'DE', rate: '19', name: 'x' },
        { country: 'DE', region: 'A B', rate: 19, name: 'x' },
        { country: 'DE', rate: 19, name: '' },
      ]) {
        const res = await t.inject({ method: 'POST', url: '/api/tax/rates', payload }, admin);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      }
      const put = await t.inject(
        {
          method: 'PUT',
          url: `/api/tax/rates/${created._id}`,
          payload: { country: 'CA', region: 'QC', rate: 9.975, name: 'Quebec QST' },
        },
        admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().rate, 9.975);
      const clash = await t.inject(
        {
          method: 'PUT',
          url: `/api/tax/rates/${created._id}`,
          payload: { country: 'CA', region: 'ON', rate: 1, name: 'x' },
        },
        admin,
      );
      assert.equal(clash.statusCode, 409);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/tax/rates/${created._id}` }, admin)).statusCode, 200);
      for (const method of ['GET', 'DELETE'] as const)
        assert.equal((await t.inject({ method, url: `/api/tax/rates/${created._id}` }, admin)).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: '/api/tax/rates/not-a-uuid' }, admin)).statusCode, 400);
      const buyer = await t.signUp('rates@tax.test');
      assert.equal((await t.inject({ method: 'GET', url: '/api/tax/rates' }, buyer)).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: '/api/tax/rates' }, null)).statusCode, 401);
    });

    test('a tax number: another kind than EU VAT is kept unverified; the status is never the buyer’s to set', async () => {
      const buyer = await t.signUp('taxid@tax.test');
      assert.deepEqual((await t.inject({ method: 'GET', url: '/api/tax-id' }, buyer)).json(), {
        taxId: null,
        country: null,
        status: null,
      });
      const res = await t.inject(
        { method: 'PUT', url: '/api/tax-id', payload: { taxId: '12-3456789', status: 'valid', country: 'DE' } },
        buyer,
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { taxId: '12-3456789', country: null, status: 'unverified' });
      const malformed = await t.inject({ method: 'PUT', url: '/api/tax-id', payload: { taxId: 'DE123' } }, buyer);
      assert.equal(malformed.statusCode, 400);
      assert.ok(errorOf(malformed).fields?.taxId);
      for (const payload of [{}, { taxId: 5 }, { taxId: 'x'.repeat(31) }]) {
        const bad = await t.inject({ method: 'PUT', url: '/api/tax-id', payload }, buyer);
        assert.equal(bad.statusCode, 400, `${JSON.stringify(payload)}: ${bad.body}`);
      }
      assert.deepEqual((await h.setTaxId(buyer, '')).status, null, 'empty removes it');
      assert.deepEqual((await t.inject({ method: 'GET', url: '/api/tax-id' }, buyer)).json().taxId, null);
      assert.equal((await t.inject({ method: 'GET', url: '/api/tax-id' }, null)).statusCode, 401);
    });

    test('the re-check claims a due number for one instance at a time; a dead claimer’s lease runs out', async () => {
      const buyer = await t.signUp('claim@tax.test');
      const { rows } = await t.db.database.db.execute<{ id: string }>(
        sql`select id from "user" where email = ${buyer.email}`,
      );
      const userId = rows[0]!.id;
      await t.db.database.db.execute(sql`
        insert into tax_ids (user_id, tax_id, country, status, next_check_at)
        values (${userId}, 'FR40303265045', 'FR', 'unverified', now() - interval '1 second')`);
      // Two instances' repositories on one database.
      const [a, b] = [createTaxRepository(t.app.db), createTaxRepository(t.app.db)];
      const [first, second] = await Promise.all([a.claimDue(10, 60_000), b.claimDue(10, 60_000)]);
      const claims = [...first, ...second].filter((c) => c.userId === userId);
      assert.equal(claims.length, 1, 'exactly one instance took it');
      assert.equal((await b.claimDue(10, 60_000)).filter((c) => c.userId === userId).length, 0, 'leased');
      // "kill -9" with a short lease: nobody resolves it; once the lease ends another instance takes it.
      await t.db.database.db.execute(
        sql`update tax_ids set claimed_until = now() - interval '1 millisecond' where user_id = ${userId}`,
      );
      const again = await b.claimDue(10, 60_000);
      assert.deepEqual(
        again.filter((c) => c.userId === userId).map((c) => c.attempts),
        [2],
      );
      await b.resolve(userId, 'FR40303265045', 'valid');
      assert.equal((await h.setTaxId(buyer, '')).status, null);
    });

    test('the quote: no address, no tax; another buyer’s address is a 404', async () => {
      const buyer = await t.signUp('quote@tax.test');
      const other = await t.signUp('quote-other@tax.test');
      const theirs = await h.address(other, US('CA'));
      const part = await h.part(10);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const quote = await h.quote(buyer);
      assert.deepEqual(quote, {
        goods: 10,
        shipping: 0,
        net: 10,
        tax: { lines: [], total: 0, note: null },
        gross: 10,
        country: null,
        region: null,
        taxIdStatus: null,
      });
      const res = await t.inject({ method: 'GET', url: `/api/tax/quote?addressId=${theirs._id}` }, buyer);
      assert.equal(res.statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: '/api/tax/quote?addressId=x' }, buyer)).statusCode, 400);
    });

    test('the tax report sums the paid orders of the period per country and rate; its CSV says the same', async () => {
      const from = todayIn(TIME_ZONE, -1);
      const to = todayIn(TIME_ZONE, 1);
      const res = await t.inject({ method: 'GET', url: `/api/tax/report?from=${from}&to=${to}` }, admin);
      assert.equal(res.statusCode, 200, res.body);
      const rows: TaxReportRow[] = res.json();
      // The expected sums, from the paid orders themselves.
      const orders: Order[] = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json();
      const sums = new Map<string, { net: number; tax: number }>();
      for (const o of orders.filter((x) => x.payment && !x.refundedAt))
        for (const line of o.tax.lines) {
          const key = `${o.shippingAddress?.country ?? 'US'}|${line.rate}`;
          const sum = sums.get(key) ?? { net: 0, tax: 0 };
          sums.set(key, { net: sum.net + cents(line.net), tax: sum.tax + cents(line.tax) });
        }
      assert.ok(sums.size >= 5, 'the rounding table paid orders at many rates');
      assert.deepEqual(
        new Map(rows.map((r) => [`${r.country}|${r.rate}`, { net: cents(r.net), tax: cents(r.tax) }])),
        sums,
      );
      for (const r of rows) assert.equal(cents(r.gross), cents(r.net) + cents(r.tax));
      const csv = await t.inject({ method: 'GET', url: `/api/tax/report.csv?from=${from}&to=${to}` }, admin);
      assert.equal(csv.statusCode, 200);
      assert.match(csv.headers['content-type'] as string, /text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      assert.equal(lines[0], 'Country,Rate (%),Net,Tax,Gross');
      assert.deepEqual(
        lines.slice(1),
        rows.map((r) => [r.country, r.rate, r.net.toFixed(2), r.tax.toFixed(2), r.gross.toFixed(2)].join(',')),
      );
      const empty = await t.inject({ method: 'GET', url: '/api/tax/report?from=2000-01-01&to=2000-01-31' }, admin);
      assert.deepEqual(empty.json(), []);
      for (const query of ['', '?from=2026-01-01', '?from=2026-13-01&to=2026-12-31', '?from=2026-02-01&to=2026-01-01'])
        assert.equal((await t.inject({ method: 'GET', url: `/api/tax/report${query}` }, admin)).statusCode, 400, query);
    });
  });

  describe(`tax, the seller in Germany, VIES through its stand-in (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let vies: FakeVies;
    const h = helpers(() => ({ t, admin }));
    before(async () => {
      ({ t, admin, vies } = await openViesApp(kind, {
        SHOP_COUNTRY: 'DE',
        SHOP_TAX_ID: 'DE136695976',
        VIES_TIMEOUT_MS: '2000',
        VIES_RECHECK_POLL_MS: '100',
        VIES_RETRY_BASE_MS: '50',
      }));
    });
    after(() => closeViesApp({ t, admin, vies }));

    test("domestic: Germany's 19 % on the spec's one-part order and on a checkout to a German address", async () => {
      const buyer = await t.signUp('domestic@tax.de');
      const part = await h.part(10.5);
      const one: Order = (
        await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 3) }, buyer)
      ).json();
      // 31.50 × 19 % = 5.985 → 5.99.
      assert.deepEqual([one.net, one.gross, one.price], [31.5, 37.49, 37.49]);
      assert.deepEqual(one.tax, { lines: [{ rate: 19, net: 31.5, tax: 5.99 }], total: 5.99, note: null });
      assert.equal(await h.paidCents(buyer, one._id), 3749);

      const address = await h.address(buyer, BERLIN);
      await h.setCart(buyer, [{ partId: part._id, quantity: 3 }]);
      assert.equal((await h.quote(buyer)).gross, 37.49);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, one.tax);
    });

    test('reverse charge: a valid VAT number of another member state, goods to France: 0 % and the note, both numbers kept', async () => {
      const buyer = await t.signUp('reverse@tax.de');
      vies.answer('FR40303265045', 'valid');
      assert.deepEqual(await h.setTaxId(buyer, 'FR 40 303 265 045'), {
        taxId: 'FR40303265045',
        country: 'FR',
        status: 'valid',
      });
      const address = await h.address(buyer, PARIS);
      const part = await h.part(100);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const quote = await h.quote(buyer);
      assert.equal(quote.taxIdStatus, 'valid');
      assert.deepEqual(quote.tax, { lines: [{ rate: 0, net: 100, tax: 0 }], total: 0, note: REVERSE_CHARGE_NOTE });
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, quote.tax);
      assert.equal(order.price, 100);
      const { rows } = await t.db.database.db.execute<{ buyer: string; seller: string }>(
        sql`select buyer_tax_id as "buyer", seller_tax_id as "seller" from orders where id = ${order._id}::uuid`,
      );
      assert.deepEqual(rows[0], { buyer: 'FR40303265045', seller: 'DE136695976' });
    });

    test("issue 30: a company member's decision uses the company's VIES-checked number, not their own", async () => {
      vies.answer('FR40303265045', 'valid');
      const created = await t.inject(
        { method: 'POST', url: '/api/companies', payload: { name: 'Tax Fleet', taxId: 'FR 40 303 265 045' } },
        admin,
      );
      assert.equal(created.statusCode, 201, created.body);
      const company = created.json() as { _id: string; taxId: string; taxIdStatus: string };
      assert.deepEqual([company.taxId, company.taxIdStatus], ['FR40303265045', 'valid']);
      const malformed = await t.inject(
        { method: 'POST', url: '/api/companies', payload: { name: 'Bad Number Co', taxId: 'FR12' } },
        admin,
      );
      assert.equal(malformed.statusCode, 400, malformed.body);
      assert.ok(errorOf(malformed).fields?.taxId);

      const member = await t.signUp('member@taxfleet.fr');
      const put = await t.inject(
        { method: 'PUT', url: `/api/companies/${company._id}/members/${member.email}`, payload: { role: 'buyer' } },
        admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      const part = await h.part(100);
      const address = await h.address(member, PARIS);
      await h.setCart(member, [{ partId: part._id, quantity: 1 }]);
      const quote = await h.quote(member);
      assert.equal(quote.taxIdStatus, 'valid');
      assert.deepEqual(quote.tax, { lines: [{ rate: 0, net: 100, tax: 0 }], total: 0, note: REVERSE_CHARGE_NOTE });
      const order = await h.checkout(member, { addressId: address._id });
      const { rows } = await t.db.database.db.execute<{ buyer: string }>(
        sql`select buyer_tax_id as "buyer" from orders where id = ${order._id}::uuid`,
      );
      assert.equal(rows[0]?.buyer, 'FR40303265045');

      // Without a company, the same person's own (invalid) number taxes them as before.
      const outsider = await t.signUp('outsider@taxfleet.fr');
      vies.answer('FR83404833048', 'invalid');
      await h.setTaxId(outsider, 'FR83404833048');
      await h.address(outsider, PARIS);
      await h.setCart(outsider, [{ partId: part._id, quantity: 1 }]);
      assert.equal((await h.quote(outsider)).taxIdStatus, 'invalid');
    });

    test("an invalid number changes nothing: France's 20 %", async () => {
      const buyer = await t.signUp('invalid@tax.de');
      vies.answer('FR83404833048', 'invalid');
      assert.equal((await h.setTaxId(buyer, 'FR83404833048')).status, 'invalid');
      const address = await h.address(buyer, PARIS);
      const part = await h.part(100);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, { lines: [{ rate: 20, net: 100, tax: 20 }], total: 20, note: null });
      assert.equal(order.price, 120);
    });

    test('VIES down: unverified and tax charged, never a 500; the background re-check makes it valid', async () => {
      const buyer = await t.signUp('down@tax.de');
      const address = await h.address(buyer, { ...PARIS, country: 'NL', postalCode: '1011 AB', city: 'Amsterdam' });
      for (const mode of ['down', 'busy'] as const) {
        vies.setMode(mode);
        const answer = await h.setTaxId(buyer, 'NL004495445B01');
        assert.deepEqual(answer, { taxId: 'NL004495445B01', country: 'NL', status: 'unverified' }, mode);
      }
      const part = await h.part(50);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, { lines: [{ rate: 21, net: 50, tax: 10.5 }], total: 10.5, note: null });

      // VIES comes back: the job (every 100 ms here, backing off from 50 ms) checks again.
      vies.setMode(null);
      vies.answer('NL004495445B01', 'valid');
      await eventually('the re-check to mark the number valid', async () => {
        const res = await t.inject({ method: 'GET', url: '/api/tax-id' }, buyer);
        return (res.json() as TaxIdAnswer).status === 'valid';
      });
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const next = await h.checkout(buyer, { addressId: address._id });
      assert.equal(next.tax.note, REVERSE_CHARGE_NOTE);
      assert.equal(next.price, 50);
    });

    test('a number VIES cannot know the format of is a 400 and asks nobody; a German number gives no reverse charge', async () => {
      const buyer = await t.signUp('format@tax.de');
      const asked = vies.requests.length;
      const res = await t.inject({ method: 'PUT', url: '/api/tax-id', payload: { taxId: 'FR123' } }, buyer);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(vies.requests.length, asked, 'VIES was not asked');
      vies.answer('DE136695976', 'valid');
      assert.equal((await h.setTaxId(buyer, 'DE136695976')).status, 'valid');
      const address = await h.address(buyer, PARIS);
      const part = await h.part(10);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.equal(order.tax.note, null, "the seller's own member state: no reverse charge");
      assert.equal(order.tax.total, 2);
    });

    test('outside the EU is an export for a German seller: 0 % and the export note', async () => {
      const buyer = await t.signUp('export@tax.de');
      const address = await h.address(buyer, US('CA'));
      const part = await h.part(10);
      await h.setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const order = await h.checkout(buyer, { addressId: address._id });
      assert.deepEqual(order.tax, { lines: [{ rate: 0, net: 10, tax: 0 }], total: 0, note: EXPORT_NOTE });
    });
  });
}

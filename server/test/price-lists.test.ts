import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  unitPriceFor,
  type Cart,
  type Company,
  type Order,
  type Part,
  type PartDetail,
  type PriceList,
} from '@torque/contract';
import { addPart, payWithSandbox } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serialise } from '../src/lib/serialised-body.ts';
import { createPartsAnswers } from '../src/modules/price-lists/buyer-answers.ts';
import { buyerTiers } from '../src/modules/price-lists/buyer-prices.ts';
import type { BuyerTerms, PriceListsRepository } from '../src/modules/price-lists/price-lists-repository.ts';
import { createPriceListsService, SHOWN_TERMS_TTL_MS } from '../src/modules/price-lists/price-lists-service.ts';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 30 (PRODUCT.md §25 "Price lists"): shop admins' price lists for companies, a percentage
 * off and fixed prices with their own tiers, the lowest candidate winning; every screen's figure
 * from the one pricing function; placed orders keep their prices.
 *
 * The part: $9.40, public tiers 100+ $8.90, 500+ $8.20. The buyer's company has two lists:
 * 5 % off (893 / 845.5→846 / 779 cents) and fixed $8.80 with tiers 250+ $8.45, 500+ $7.60.
 */
const PUBLIC_TIERS = [
  { minQuantity: 100, price: 8.9 },
  { minQuantity: 500, price: 8.2 },
];
const FIXED = {
  price: 8.8,
  priceBreaks: [
    { minQuantity: 250, price: 8.45 },
    { minQuantity: 500, price: 7.6 },
  ],
};

/** Quantity → [the buyer's unit price in cents, the public unit price in cents]. */
const TABLE: [number, number, number][] = [
  [1, 880, 940],
  [2, 880, 940],
  [50, 880, 940],
  [98, 880, 940],
  [99, 880, 940],
  [100, 846, 890],
  [101, 846, 890],
  [249, 846, 890],
  [250, 845, 890],
  [251, 845, 890],
  [498, 845, 890],
  [499, 845, 890],
  [500, 760, 820],
  [501, 760, 820],
  [750, 760, 820],
  [1000, 760, 820],
];

const dollars = (cents: number) => cents / 100;
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('the buyer tiers part answers carry (one pricing function, explicit instants)', () => {
  const from = '2026-12-01T00:00:00.000Z';
  const to = '2027-01-01T00:00:00.000Z';
  const lists = [{ percentOff: 10, fixed: null, validFrom: from, validTo: to }];
  const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs);
  test('validity window edges: just before validFrom, at validFrom, just before validTo, at validTo', () => {
    assert.equal(buyerTiers(1000, [], lists, at(from, -1)).unitCents, 1000, 'just before validFrom: list price');
    assert.equal(buyerTiers(1000, [], lists, at(from)).unitCents, 900, 'at validFrom: 10 % off');
    assert.equal(buyerTiers(1000, [], lists, at(to, -1)).unitCents, 900, 'just before validTo: 10 % off');
    assert.equal(buyerTiers(1000, [], lists, at(to)).unitCents, 1000, 'at validTo: list price');
  });
  test("the tiers reproduce unitPriceFor at every quantity (the web's preview equals the server's price)", () => {
    const terms = [
      { percentOff: 5, fixed: null, validFrom: null, validTo: null },
      {
        percentOff: null,
        fixed: {
          priceCents: 880,
          priceBreaks: [
            { minQuantity: 250, priceCents: 845 },
            { minQuantity: 500, priceCents: 760 },
          ],
        },
        validFrom: null,
        validTo: null,
      },
    ];
    const breaks = [
      { minQuantity: 100, priceCents: 890 },
      { minQuantity: 500, priceCents: 820 },
    ];
    const now = new Date();
    const tiers = buyerTiers(940, breaks, terms, now);
    assert.deepEqual(tiers, {
      unitCents: 880,
      breaks: [
        { minQuantity: 100, priceCents: 846 },
        { minQuantity: 250, priceCents: 845 },
        { minQuantity: 500, priceCents: 760 },
      ],
    });
    for (let q = 1; q <= 1200; q++)
      assert.equal(
        unitPriceFor({ listPriceCents: tiers.unitCents, priceBreaks: tiers.breaks }, q, now).unitCents,
        unitPriceFor({ listPriceCents: 940, priceBreaks: breaks, priceLists: terms }, q, now).unitCents,
        `${q} units`,
      );
  });
});

describe("part answers' memory of a buyer's lists (never money)", () => {
  test('served from memory within the TTL, read again after it, dropped at once by a list write here', async () => {
    let reads = 0;
    let clock = 1_000_000;
    const repository = {
      termsFor: async () => ({ stamp: `read-${++reads}`, lists: [] }),
      remove: async () => true,
    } as unknown as PriceListsRepository;
    const service = createPriceListsService(repository, () => clock);
    assert.equal((await service.shownTermsFor('u')).stamp, 'read-1');
    clock += SHOWN_TERMS_TTL_MS - 1;
    assert.equal((await service.shownTermsFor('u')).stamp, 'read-1', 'within the TTL: no query');
    clock += 1;
    assert.equal((await service.shownTermsFor('u')).stamp, 'read-2', 'at the TTL: read again');
    await service.remove('l');
    assert.equal((await service.shownTermsFor('u')).stamp, 'read-3', 'a write here drops it at once');
    assert.equal((await service.termsFor('u', ['p'])).stamp, 'read-4', 'termsFor (money) always reads');
  });
});

describe("a buyer's priced answers, kept per (shared answer, lists' versions)", () => {
  test('a list whose window opens or closes meanwhile is priced anew at that instant, not served from memory', async () => {
    const opensAt = Date.parse('2026-12-01T00:00:00Z');
    const everyday = { id: 'a', version: 1, percentOff: 10, validFrom: null, validTo: null, fixed: new Map() };
    const sale = {
      id: 'b',
      version: 1,
      percentOff: 50,
      validFrom: new Date(opensAt).toISOString(),
      validTo: new Date(opensAt + 60_000).toISOString(),
      fixed: new Map(),
    };
    const terms: BuyerTerms = { stamp: 'a:1,b:1', lists: [everyday, sale] };
    let clock = opensAt - 1;
    const app = Fastify();
    const fakeApp = {
      verifyAccessToken: async () => ({ userId: 'u' }),
      priceLists: { shownTermsFor: async () => terms },
    } as unknown as FastifyInstance;
    const send = createPartsAnswers(fakeApp, () => clock);
    const shared = serialise([{ _id: 'p', price: 10, priceBreaks: [] }]);
    app.get('/parts', (request, reply) => send(request, reply, shared));
    const ask = async (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/parts', headers: { authorization: 'Bearer t', ...headers } });
    try {
      const before = await ask();
      assert.equal((before.json() as Part[])[0]!.yourPrice, 9, 'before the sale: 10 % off');
      assert.equal(before.headers['cache-control'], 'private, no-cache');
      assert.equal(before.headers.vary, 'authorization, accept-encoding');
      const again = await ask({ 'if-none-match': String(before.headers.etag) });
      assert.equal(again.statusCode, 304, "the buyer's own ETag answers 304");
      clock = opensAt;
      assert.equal(((await ask()).json() as Part[])[0]!.yourPrice, 5, 'at the opening instant: 50 % off');
      clock = opensAt + 60_000;
      assert.equal(((await ask()).json() as Part[])[0]!.yourPrice, 9, 'at the closing instant: 10 % off again');
      const visitor = await app.inject({ method: 'GET', url: '/parts' });
      assert.equal(visitor.headers.etag, shared.etag, "a visitor keeps the shared answer's ETag");
    } finally {
      await app.close();
    }
  });
});

for (const kind of databaseKinds()) {
  describe(`price lists (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    let loner: TestUser;
    let fleet: Company;
    let part: Part;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      buyer = await t.signUp('buyer@lists.test');
      loner = await t.signUp('loner@lists.test');
      fleet = (await t.inject({ method: 'POST', url: '/api/companies', payload: { name: 'Fleet' } }, admin)).json();
      const attached = await t.inject(
        { method: 'PUT', url: `/api/companies/${fleet._id}/members/buyer@lists.test`, payload: { role: 'buyer' } },
        admin,
      );
      assert.equal(attached.statusCode, 200, attached.body);
      part = await addPart(t, admin, {
        name: 'Listed brake disc',
        partNumber: 'PL-30001',
        available: 1_000_000,
        price: 9.4,
        priceBreaks: PUBLIC_TIERS,
      });
    });
    after(() => t.close());

    const post = (payload: object, as: TestUser | null = admin) =>
      t.inject({ method: 'POST', url: '/api/price-lists', payload }, as);
    const create = async (payload: object): Promise<PriceList> => {
      const res = await post(payload);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const setCart = async (as: TestUser, lines: { partId: string; quantity: number }[]): Promise<Cart> => {
      const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const listsOfFleet = async (): Promise<PriceList[]> => {
      const all: PriceList[] = (await t.inject({ method: 'GET', url: '/api/price-lists' }, admin)).json();
      return all.filter((l) => l.companyIds.includes(fleet._id));
    };
    const clearFleetLists = async () => {
      for (const l of await listsOfFleet())
        assert.equal((await t.inject({ method: 'DELETE', url: `/api/price-lists/${l._id}` }, admin)).statusCode, 200);
    };
    const giveFleetTheLists = async () => {
      await clearFleetLists();
      await create({ name: 'Fleet 5 %', companyIds: [fleet._id], percentOff: 5 });
      await create({ name: 'Fleet fixed', companyIds: [fleet._id], prices: [{ partId: part._id, ...FIXED }] });
    };

    test('a shop admin creates, reads, replaces and deletes a price list; each edit bumps its version', async () => {
      const other = await addPart(t, admin, { available: 5, price: 20 });
      const list = await create({
        name: '  Spring deal ',
        companyIds: [fleet._id],
        percentOff: '12.5',
        prices: [{ partId: other._id, price: 15, priceBreaks: [{ minQuantity: 10, price: 14 }] }],
        validFrom: '2026-01-01T00:00:00Z',
        validTo: null,
      });
      assert.equal(list.name, 'Spring deal');
      assert.deepEqual(list.companyIds, [fleet._id]);
      assert.equal(list.percentOff, 12.5);
      assert.equal(list.validFrom, '2026-01-01T00:00:00.000Z');
      assert.equal(list.validTo, null);
      assert.equal(list.version, 1);
      assert.deepEqual(
        list.prices.map((p) => [p.partId, p.price, p.priceBreaks]),
        [[other._id, 15, [{ minQuantity: 10, price: 14 }]]],
      );
      const one = await t.inject({ method: 'GET', url: `/api/price-lists/${list._id}` }, admin);
      assert.equal(one.statusCode, 200);
      assert.deepEqual(one.json(), list);
      const put = await t.inject(
        {
          method: 'PUT',
          url: `/api/price-lists/${list._id}`,
          payload: { name: 'Spring', companyIds: [], percentOff: null },
        },
        admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      const replaced: PriceList = put.json();
      assert.equal(replaced.version, 2);
      assert.deepEqual(replaced.companyIds, []);
      assert.deepEqual(replaced.prices, [], 'PUT replaces the whole list');
      const del = await t.inject({ method: 'DELETE', url: `/api/price-lists/${list._id}` }, admin);
      assert.deepEqual(del.json(), { deleted: true, _id: list._id });
      assert.equal((await t.inject({ method: 'GET', url: `/api/price-lists/${list._id}` }, admin)).statusCode, 404);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/price-lists/${list._id}` }, admin)).statusCode, 404);
      const missing = await t.inject(
        { method: 'PUT', url: `/api/price-lists/${list._id}`, payload: { name: 'x' } },
        admin,
      );
      assert.equal(missing.statusCode, 404);
    });

    test('bad input is a 400 naming the field, and stores nothing', async () => {
      const before = ((await t.inject({ method: 'GET', url: '/api/price-lists' }, admin)).json() as PriceList[]).length;
      const nobody = '00000000-0000-4000-8000-000000000000';
      const cases: [object, string][] = [
        [{ name: '' }, 'name'],
        [{ name: 'x', companyIds: [nobody] }, 'companyIds.0'],
        [{ name: 'x', companyIds: ['nope'] }, 'companyIds.0'],
        [{ name: 'x', prices: [{ partId: nobody, price: 1 }] }, 'prices.0.partId'],
        [{ name: 'x', percentOff: 100.01 }, 'percentOff'],
        [{ name: 'x', percentOff: -1 }, 'percentOff'],
        [{ name: 'x', percentOff: 1.234 }, 'percentOff'],
        [{ name: 'x', percentOff: 'lots' }, 'percentOff'],
        [{ name: 'x', validFrom: '2026-02-01T00:00:00Z', validTo: '2026-02-01T00:00:00Z' }, 'validTo'],
        [{ name: 'x', validFrom: '2026-02-02T00:00:00Z', validTo: '2026-02-01T00:00:00Z' }, 'validTo'],
        [{ name: 'x', validFrom: 'tomorrow' }, 'validFrom'],
        [
          { name: 'x', prices: [{ partId: part._id, price: 5, priceBreaks: [{ minQuantity: 10, price: 5 }] }] },
          'prices.0.priceBreaks.0.price',
        ],
        [
          { name: 'x', prices: [{ partId: part._id, price: 5, priceBreaks: [{ minQuantity: 10, price: 6 }] }] },
          'prices.0.priceBreaks.0.price',
        ],
        [
          {
            name: 'x',
            prices: [
              {
                partId: part._id,
                price: 5,
                priceBreaks: [
                  { minQuantity: 10, price: 4 },
                  { minQuantity: 10, price: 3 },
                ],
              },
            ],
          },
          'prices.0.priceBreaks.1.minQuantity',
        ],
        [
          { name: 'x', prices: [{ partId: part._id, price: 5, priceBreaks: [{ minQuantity: 1, price: 4 }] }] },
          'prices.0.priceBreaks.0.minQuantity',
        ],
        [
          {
            name: 'x',
            prices: [
              { partId: part._id, price: 5 },
              { partId: part._id, price: 4 },
            ],
          },
          'prices.1.partId',
        ],
      ];
      for (const [payload, field] of cases) {
        const res = await post(payload);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
        const error = errorOf(res);
        assert.ok(error.fields?.[field], `${JSON.stringify(payload)} names ${field}: ${JSON.stringify(error)}`);
      }
      const after = ((await t.inject({ method: 'GET', url: '/api/price-lists' }, admin)).json() as PriceList[]).length;
      assert.equal(after, before, 'nothing stored');
    });

    test('only shop admins: anonymous 401, a buyer 403 (a buyer cannot give themselves a price list)', async () => {
      const payload = { name: 'Mine', companyIds: [fleet._id], percentOff: 99 };
      assert.equal((await post(payload, null)).statusCode, 401);
      assert.equal((await post(payload, buyer)).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: '/api/price-lists' }, buyer)).statusCode, 403);
      assert.equal((await listsOfFleet()).filter((l) => l.name === 'Mine').length, 0);
    });

    test("part answers: yourPrice and the buyer's tiers only for a buyer whose company has a list; others unchanged", async () => {
      await giveFleetTheLists();
      const url = [
        `/api/parts/${part._id}`,
        '/api/parts?limit=24',
        '/api/parts?q=PL-30001&limit=10',
        '/api/parts',
        '/api/parts/by-number/PL30001',
      ];
      for (const u of url) {
        const anonymous = await t.inject({ method: 'GET', url: u });
        assert.equal(anonymous.statusCode, 200, `${u}: ${anonymous.body}`);
        assert.ok(anonymous.headers.etag, `${u}: the visitor's answer keeps its ETag`);
        const visitorParts: Part[] = [anonymous.json()].flat();
        assert.ok(
          visitorParts.every((p) => !('yourPrice' in p)),
          `${u}: no yourPrice for a visitor`,
        );
        const lonely = await t.inject({ method: 'GET', url: u }, loner);
        assert.equal(lonely.body, anonymous.body, `${u}: a buyer without a company sees the visitor's answer`);
        const res = await t.inject({ method: 'GET', url: u }, buyer);
        assert.equal(res.statusCode, 200);
        assert.match(String(res.headers['cache-control']), /private/);
        const revalidated = await t.inject(
          { method: 'GET', url: u, headers: { 'if-none-match': String(res.headers.etag) } },
          buyer,
        );
        assert.equal(revalidated.statusCode, 304, `${u}: the buyer's own ETag revalidates`);
        const mine = ([res.json()].flat() as Part[]).find((p) => p._id === part._id);
        assert.ok(mine, u);
        assert.equal(mine.price, 9.4, `${u}: price stays the list price`);
        assert.equal(mine.yourPrice, 8.8, `${u}: yourPrice`);
        assert.deepEqual(mine.yourPriceBreaks, [
          { minQuantity: 100, price: 8.46 },
          { minQuantity: 250, price: 8.45 },
          { minQuantity: 500, price: 7.6 },
        ]);
        const others = ([res.json()].flat() as Part[]).filter((p) => p._id !== part._id);
        for (const o of others)
          assert.equal(o.yourPrice, Math.round(o.price * 95) / 100, 'the 5 % applies to every part');
      }
      // An invalid token reads as a visitor's.
      const bad = await t.inject({
        method: 'GET',
        url: `/api/parts/${part._id}`,
        headers: { authorization: 'Bearer nope' },
      });
      assert.equal(bad.statusCode, 200);
      assert.equal((bad.json() as PartDetail).yourPrice, undefined);
    });

    test('the table: cart = order = payment = invoice to the cent, the lowest candidate winning at every tier edge', async () => {
      await giveFleetTheLists();
      for (const [quantity, unitCents, publicCents] of TABLE) {
        const what = `${quantity} units`;
        const cart = await setCart(buyer, [{ partId: part._id, quantity }]);
        assert.equal(cart.lines[0]!.unitPrice, dollars(unitCents), `${what}: the cart line's unitPrice`);
        assert.equal(cart.lines[0]!.publicUnitPrice, dollars(publicCents), `${what}: the public price beside it`);
        assert.equal(cart.total, dollars(unitCents * quantity), `${what}: the cart's total`);
        // The visitor's price for the same quantity is the public one.
        const loneCart = await setCart(loner, [{ partId: part._id, quantity }]);
        assert.equal(loneCart.lines[0]!.unitPrice, dollars(publicCents), `${what}: no company, public price`);
        assert.equal(loneCart.lines[0]!.publicUnitPrice, undefined);
        await setCart(loner, []);
        const res = await t.inject(
          { method: 'POST', url: '/api/checkout', payload: { phone: '555', address: '1 Main St', price: 0.01 } },
          buyer,
        );
        assert.equal(res.statusCode, 201, `${what}: ${res.body}`);
        const order: Order = res.json();
        assert.equal(order.lines[0]!.unitPrice, dollars(unitCents), `${what}: the order line's unit price`);
        assert.equal(order.price, cart.total, `${what}: order = cart`);
        const { confirm } = await payWithSandbox(t, buyer, order._id);
        assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
        const payment = await t.db.database.db.execute(
          sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
        );
        assert.deepEqual(payment.rows, [{ cents: unitCents * quantity }], `${what}: the payment amount`);
        const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, buyer);
        assert.equal(pdf.statusCode, 200);
        const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
        const line = `${quantity} ${money(unitCents)} ${money(unitCents * quantity)}`;
        assert.ok(text.includes(line), `${what}: the invoice's line ${line}\n${text}`);
        assert.match(text, new RegExp(`Total \\${money(unitCents * quantity)}`), `${what}: the invoice's total`);
      }
    });

    test("the spec's one-part POST /api/order prices with the buyer's lists", async () => {
      await giveFleetTheLists();
      for (const [quantity, unitCents] of TABLE.filter(([q]) => [99, 100, 499, 500].includes(q))) {
        const res = await t.inject(
          { method: 'POST', url: '/api/order', payload: { partId: part._id, quantity, phone: '5', address: 'x' } },
          buyer,
        );
        assert.equal(res.statusCode, 201, res.body);
        const order: Order = res.json();
        assert.equal(order.unitPrice, dollars(unitCents), `${quantity} units`);
        assert.equal(order.price, dollars(unitCents * quantity));
        assert.equal((await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, buyer)).statusCode, 200);
      }
    });

    test('validity window: a list not yet valid or no longer valid prices nothing; a current one does', async () => {
      await clearFleetLists();
      const hour = 3_600_000;
      const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
      const cases: [string, object, number][] = [
        ['starts in an hour', { validFrom: iso(hour), validTo: null }, 940],
        ['ended an hour ago', { validFrom: null, validTo: iso(-hour) }, 940],
        ['started an hour ago, ends in an hour', { validFrom: iso(-hour), validTo: iso(hour) }, 470],
        ['open both ends', { validFrom: null, validTo: null }, 470],
      ];
      for (const [what, window, cents] of cases) {
        const list = await create({ name: what, companyIds: [fleet._id], percentOff: 50, ...window });
        const cart = await setCart(buyer, [{ partId: part._id, quantity: 1 }]);
        assert.equal(cart.lines[0]!.unitPrice, dollars(cents), `${what}: the cart`);
        const one: PartDetail = (await t.inject({ method: 'GET', url: `/api/parts/${part._id}` }, buyer)).json();
        assert.equal(one.yourPrice, cents === 940 ? undefined : dollars(cents), `${what}: yourPrice`);
        await t.inject({ method: 'DELETE', url: `/api/price-lists/${list._id}` }, admin);
      }
      await setCart(buyer, []);
    });

    test('a price-list edit after ordering changes no placed order; the cart follows today', async () => {
      await giveFleetTheLists();
      await setCart(buyer, [{ partId: part._id, quantity: 100 }]);
      const res = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { phone: '5', address: 'a' } },
        buyer,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.equal(order.lines[0]!.unitPrice, 8.46);
      for (const l of await listsOfFleet()) {
        const edited = await t.inject(
          {
            method: 'PUT',
            url: `/api/price-lists/${l._id}`,
            payload: { name: l.name, companyIds: [fleet._id], percentOff: 50 },
          },
          admin,
        );
        assert.equal(edited.statusCode, 200, edited.body);
      }
      const read: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer)).json();
      assert.equal(read.lines[0]!.unitPrice, 8.46);
      assert.equal(read.price, 846);
      const { confirm } = await payWithSandbox(t, buyer, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const payment = await t.db.database.db.execute(
        sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
      );
      assert.deepEqual(payment.rows, [{ cents: 84_600 }]);
      const cart = await setCart(buyer, [{ partId: part._id, quantity: 100 }]);
      assert.equal(cart.lines[0]!.unitPrice, 4.45, "the cart shows today's 50 % off $8.90");
      await clearFleetLists();
      await setCart(buyer, []);
    });

    test('a placement priced with price lists that changed meanwhile places nothing (the statement compares their stamp)', async () => {
      await giveFleetTheLists();
      const stale = {
        unitPriceCents: 880,
        listPriceCents: 940,
        priceBreaks: [
          { minQuantity: 100, priceCents: 890 },
          { minQuantity: 500, priceCents: 820 },
        ],
      };
      const base = { userId: buyer.id, email: buyer.email, phone: '5', address: 'a' };
      const one = await t.app.orders.machine.place({
        partId: part._id,
        quantity: 1,
        ...base,
        ...stale,
        priceListsStamp: 'stale',
      });
      assert.equal(one, undefined);
      const many = await t.app.orders.machine.placeLines({
        lines: [{ partId: part._id, quantity: 1, ...stale }],
        ...base,
        priceListsStamp: 'stale',
      });
      assert.equal(many.kind, 'refused');
      const lists = (await listsOfFleet()).sort((a, b) => (a._id < b._id ? -1 : 1));
      assert.equal(
        many.kind === 'refused' && many.priceListsStamp,
        lists.map((l) => `${l._id}:${l.version}`).join(','),
        "the refusal answers the lists' current stamp",
      );
      const terms = await t.app.priceLists.termsFor(buyer.id, [part._id]);
      assert.equal(terms.stamp, many.kind === 'refused' ? many.priceListsStamp : '', 'Node and SQL agree on the stamp');
      const placed = await t.app.orders.machine.place({
        partId: part._id,
        quantity: 1,
        ...base,
        ...stale,
        priceListsStamp: terms.stamp,
      });
      assert.ok(placed, 'with the current stamp it places');
      await t.inject({ method: 'DELETE', url: `/api/order/${placed.orderId}` }, buyer);
    });
  });
}

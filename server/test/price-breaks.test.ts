import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Cart, Order, Part, PartDetail, ShippingMethod, ShippingOptions, StatsResponse } from '@torque/contract';
import { addPart, payWithSandbox } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 30 (PRODUCT.md "Quantity price breaks"): a part's tiers, written by admins, answered with
 * the part everywhere, and priced by the one pricing function wherever money is computed: the
 * cart, checkout, the spec's one-part order, shipping's free-over threshold; the payment, invoice,
 * CSV export and stats take the order line's stored unit price.
 */
const TIERS = [
  { minQuantity: 100, price: 8.9 },
  { minQuantity: 500, price: 8.2 },
];

/** Quantity → the unit price in cents it must be sold at (tiers 1–99 $9.40, 100–499 $8.90, 500+ $8.20). */
const TABLE: [number, number][] = [
  [1, 940],
  [2, 940],
  [50, 940],
  [98, 940],
  [99, 940],
  [100, 890],
  [101, 890],
  [250, 890],
  [498, 890],
  [499, 890],
  [500, 820],
  [501, 820],
  [750, 820],
  [999, 820],
  [1000, 820],
];

const dollars = (cents: number) => cents / 100;
const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const kind of databaseKinds()) {
  describe(`quantity price breaks (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      buyer = await t.signUp('buyer@breaks.test');
    });
    after(() => t.close());

    const tiered = (spec: Partial<Parameters<typeof addPart>[2]> = {}): Promise<Part> =>
      addPart(t, admin, { available: 100_000, price: 9.4, priceBreaks: TIERS, ...spec });
    const etagOf = async (id: string) =>
      String((await t.inject({ method: 'GET', url: `/api/parts/${id}` })).headers.etag);
    const put = async (id: string, payload: object, as: TestUser | null = admin) =>
      t.inject({ method: 'PUT', url: `/api/parts/${id}`, payload, headers: { 'if-match': await etagOf(id) } }, as);
    const setCart = async (as: TestUser, lines: { partId: string; quantity: number }[]): Promise<Cart> => {
      const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    test('the part answers carry the breaks: create, one part, the catalogue, a search, by number', async () => {
      const p = await tiered({ name: 'Tiered brake disc', partNumber: 'PB-30001' });
      assert.deepEqual(p.priceBreaks, TIERS);
      assert.equal(p.price, 9.4, "the part's own price stays the spec's `price` (the first tier)");
      const one: PartDetail = (await t.inject({ method: 'GET', url: `/api/parts/${p._id}` })).json();
      assert.deepEqual(one.priceBreaks, TIERS);
      const all: Part[] = (await t.inject({ method: 'GET', url: '/api/parts' })).json();
      assert.deepEqual(all.find((x) => x._id === p._id)?.priceBreaks, TIERS);
      const found: Part[] = (await t.inject({ method: 'GET', url: '/api/parts?q=PB-30001&limit=10' })).json();
      assert.deepEqual(found.find((x) => x._id === p._id)?.priceBreaks, TIERS);
      const byNumber = await t.inject({ method: 'GET', url: '/api/parts/by-number/PB30001' });
      assert.equal(byNumber.statusCode, 200, byNumber.body);
      assert.deepEqual((byNumber.json() as PartDetail).priceBreaks, TIERS);
      // A part without breaks answers an empty list; the spec's body without the field still works.
      const plain = await addPart(t, admin, { available: 1, price: 3 });
      assert.deepEqual(plain.priceBreaks, []);
    });

    test('PUT replaces the breaks ([] removes them), keeps them when absent, and checks a new price against them', async () => {
      const p = await tiered();
      let res = await put(p._id, { name: 'Renamed' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual((res.json() as Part).priceBreaks, TIERS, 'an edit without priceBreaks keeps them');
      res = await put(p._id, { priceBreaks: [{ minQuantity: 10, price: 9 }] });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual((res.json() as Part).priceBreaks, [{ minQuantity: 10, price: 9 }]);
      res = await put(p._id, { price: 8.99 });
      assert.equal(res.statusCode, 400, 'the part would be cheaper than its break');
      assert.equal(errorOf(res).code, 'BAD_REQUEST');
      assert.match(errorOf(res).fields?.price ?? '', /above every price break/);
      res = await put(p._id, { price: 12, priceBreaks: [{ minQuantity: 10, price: 11 }] });
      assert.equal(res.statusCode, 200, 'price and breaks change together');
      res = await put(p._id, { priceBreaks: [] });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual((res.json() as Part).priceBreaks, []);
      res = await put(p._id, { price: 1 });
      assert.equal(res.statusCode, 200, 'without breaks any price goes');
    });

    test('bad breaks are a 400 with the error shape naming the field; nothing is stored', async () => {
      const base = { name: 'Bad', des: 'd', img: '/images/parts/x.svg', minimunOrder: 1, available: 1, price: 10 };
      const cases: [unknown, string][] = [
        [[{ minQuantity: 1, price: 9 }], 'priceBreaks.0.minQuantity'],
        [[{ minQuantity: 0, price: 9 }], 'priceBreaks.0.minQuantity'],
        [[{ minQuantity: 2.5, price: 9 }], 'priceBreaks.0.minQuantity'],
        [[{ minQuantity: 'ten', price: 9 }], 'priceBreaks.0.minQuantity'],
        [[{ minQuantity: 5, price: -1 }], 'priceBreaks.0.price'],
        [[{ minQuantity: 5, price: 9.001 }], 'priceBreaks.0.price'],
        [[{ minQuantity: 5, price: 10 }], 'priceBreaks.0.price'],
        [[{ minQuantity: 5, price: 11 }], 'priceBreaks.0.price'],
        [
          [
            { minQuantity: 5, price: 9 },
            { minQuantity: 5, price: 8 },
          ],
          'priceBreaks.1.minQuantity',
        ],
        [
          [
            { minQuantity: 5, price: 9 },
            { minQuantity: 10, price: 9 },
          ],
          'priceBreaks.1.price',
        ],
        [
          [
            { minQuantity: 5, price: 9 },
            { minQuantity: 10, price: 9.5 },
          ],
          'priceBreaks.1.price',
        ],
        [Array.from({ length: 11 }, (_, i) => ({ minQuantity: 2 + i, price: 9 - i * 0.1 })), 'priceBreaks'],
        ['cheap', 'priceBreaks'],
        [[{ minQuantity: 5 }], 'priceBreaks.0.price'],
        [
          [
            { minQuantity: 500, price: 8.2 },
            { minQuantity: 100, price: 8.9 },
          ],
          'priceBreaks.1.minQuantity',
        ],
      ];
      for (const [priceBreaks, field] of cases) {
        const res = await t.inject({ method: 'POST', url: '/api/parts', payload: { ...base, priceBreaks } }, admin);
        assert.equal(res.statusCode, 400, `${JSON.stringify(priceBreaks)}: ${res.body}`);
        const error = errorOf(res);
        assert.ok(error.message, 'a message');
        assert.ok(error.fields?.[field], `${JSON.stringify(priceBreaks)} names ${field}: ${res.body}`);
      }
      const p = await tiered();
      const res = await put(p._id, { priceBreaks: [{ minQuantity: 100, price: 9.5 }] });
      assert.equal(res.statusCode, 400);
      assert.ok(errorOf(res).fields?.['priceBreaks.0.price']);
      const read: Part = (await t.inject({ method: 'GET', url: `/api/parts/${p._id}` })).json();
      assert.deepEqual(read.priceBreaks, TIERS, 'a refused edit stores nothing');
    });

    test('only admins set breaks: anonymous 401, a customer 403', async () => {
      const p = await tiered();
      const body = { name: 'X', des: 'd', img: '/images/parts/x.svg', minimunOrder: 1, available: 1, price: 10 };
      const payload = { ...body, priceBreaks: [{ minQuantity: 2, price: 1 }] };
      assert.equal((await t.inject({ method: 'POST', url: '/api/parts', payload })).statusCode, 401);
      assert.equal((await t.inject({ method: 'POST', url: '/api/parts', payload }, buyer)).statusCode, 403);
      assert.equal((await put(p._id, { priceBreaks: [] }, null)).statusCode, 401);
      assert.equal((await put(p._id, { priceBreaks: [] }, buyer)).statusCode, 403);
      const read: Part = (await t.inject({ method: 'GET', url: `/api/parts/${p._id}` })).json();
      assert.deepEqual(read.priceBreaks, TIERS);
    });

    test('the table: cart = checkout order = payment amount = invoice = CSV = stats, to the cent, at every tier edge', async () => {
      const p = await tiered({ name: 'Tier table part' });
      const shopper = await t.signUp('table@breaks.test');
      const placed: { order: Order; quantity: number; unitCents: number }[] = [];
      for (const [quantity, unitCents] of TABLE) {
        const what = `${quantity} units`;
        const cart = await setCart(shopper, [{ partId: p._id, quantity }]);
        assert.equal(cart.lines[0]!.unitPrice, dollars(unitCents), `${what}: the cart line's unitPrice`);
        assert.equal(cart.lines[0]!.total, dollars(unitCents * quantity), `${what}: the cart line's total`);
        assert.equal(cart.total, dollars(unitCents * quantity), `${what}: the cart's total`);
        const res = await t.inject(
          { method: 'POST', url: '/api/checkout', payload: { phone: '555', address: '1 Main St', price: 0.01 } },
          shopper,
        );
        assert.equal(res.statusCode, 201, `${what}: ${res.body}`);
        const order: Order = res.json();
        assert.equal(order.lines[0]!.unitPrice, dollars(unitCents), `${what}: the order line's unit price`);
        assert.equal(order.lines[0]!.total, dollars(unitCents * quantity), `${what}: the order line's total`);
        assert.equal(order.price, dollars(unitCents * quantity), `${what}: the order's price`);
        assert.equal(order.price, cart.total, `${what}: order = cart`);
        const { confirm } = await payWithSandbox(t, shopper, order._id);
        assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
        const payment = await t.db.database.db.execute(
          sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
        );
        assert.deepEqual(payment.rows, [{ cents: unitCents * quantity }], `${what}: the payment amount`);
        const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, shopper);
        assert.equal(pdf.statusCode, 200);
        const text = await pdfText(pdf.rawPayload);
        // The invoice's line (quantity, unit price, net) and its total; the address is the seller's country, at 0 %.
        const line = `${quantity} ${money(unitCents)} ${money(unitCents * quantity)}`;
        assert.ok(text.replace(/\s+/g, ' ').includes(line), `${what}: the invoice's line ${line}\n${text}`);
        assert.match(
          text,
          new RegExp(`Total\\s+\\${money(unitCents * quantity)}`),
          `${what}: the invoice's total\n${text}`,
        );
        placed.push({ order, quantity, unitCents });
      }
      const csv = (await t.inject({ method: 'GET', url: '/api/orders/export.csv' }, admin)).body;
      for (const { order, quantity, unitCents } of placed) {
        const row = csv.split('\r\n').find((r) => r.startsWith(order._id));
        assert.ok(row, `the CSV has order ${order._id}`);
        const cells = `,${quantity},${(unitCents / 100).toFixed(2)},${((unitCents * quantity) / 100).toFixed(2)},`;
        assert.ok(row.includes(cells), `${quantity} units: the CSV row ${row} has ${cells}`);
      }
      const stats = await t.inject({ method: 'GET', url: '/api/stats?days=7' }, admin);
      assert.equal(stats.statusCode, 200, stats.body);
      const top = (stats.json() as StatsResponse).topParts.find((x) => x.partId === p._id);
      const cents = placed.reduce((s, x) => s + x.unitCents * x.quantity, 0);
      assert.deepEqual(
        top && { revenue: top.revenue, quantity: top.quantity },
        { revenue: dollars(cents), quantity: placed.reduce((s, x) => s + x.quantity, 0) },
        "stats sum the lines' stored totals",
      );
    });

    test("the spec's one-part POST /api/order prices by the tier too", async () => {
      const p = await tiered();
      for (const [quantity, unitCents] of TABLE) {
        const res = await t.inject(
          {
            method: 'POST',
            url: '/api/order',
            payload: { partId: p._id, quantity, phone: '555', address: 'x', price: 1 },
          },
          buyer,
        );
        assert.equal(res.statusCode, 201, `${quantity}: ${res.body}`);
        const order: Order = res.json();
        assert.equal(order.unitPrice, dollars(unitCents), `${quantity} units: unitPrice`);
        assert.equal(order.price, dollars(unitCents * quantity), `${quantity} units: price`);
        // Unpaid orders count against the account's cap: cancel each.
        assert.equal((await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, buyer)).statusCode, 200);
      }
    });

    test('a one-part order too large to pay by card is a 409, never an overflow', async () => {
      const dear = await addPart(t, admin, { available: 100, price: 1_000_000 });
      const res = await t.inject(
        { method: 'POST', url: '/api/order', payload: { partId: dear._id, quantity: 22, phone: '5', address: 'a' } },
        buyer,
      );
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'ORDER_TOO_LARGE');
    });

    test('a placed order keeps the unit price it was sold at when the breaks change; the cart follows today', async () => {
      const p = await tiered();
      const shopper = await t.signUp('keeps@breaks.test');
      await setCart(shopper, [{ partId: p._id, quantity: 120 }]);
      const res = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { phone: '5', address: 'a' } },
        shopper,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.equal(order.lines[0]!.unitPrice, 8.9);
      const edited = await put(p._id, { priceBreaks: [{ minQuantity: 100, price: 5 }] });
      assert.equal(edited.statusCode, 200, edited.body);
      const read: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, shopper)).json();
      assert.equal(read.lines[0]!.unitPrice, 8.9);
      assert.equal(read.price, 1068);
      const { confirm } = await payWithSandbox(t, shopper, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const payment = await t.db.database.db.execute(
        sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
      );
      assert.deepEqual(payment.rows, [{ cents: 106_800 }]);
      const cart = await setCart(shopper, [{ partId: p._id, quantity: 120 }]);
      assert.equal(cart.lines[0]!.unitPrice, 5, "the cart shows today's tier");
    });

    test('a placement computed from breaks that changed meanwhile places nothing (the statement compares them)', async () => {
      const p = await tiered();
      const before = (await t.inject({ method: 'GET', url: `/api/parts/${p._id}` })).json() as Part;
      const shopper = await t.signUp('stale@breaks.test');
      const stale = { unitPriceCents: 890, listPriceCents: 940, priceBreaks: [{ minQuantity: 100, priceCents: 850 }] };
      const one = await t.app.orders.machine.place({
        partId: p._id,
        quantity: 100,
        userId: shopper.id,
        email: shopper.email,
        phone: '5',
        address: 'a',
        ...stale,
      });
      assert.equal(one, undefined);
      const many = await t.app.orders.machine.placeLines({
        lines: [{ partId: p._id, quantity: 100, ...stale }],
        userId: shopper.id,
        email: shopper.email,
        phone: '5',
        address: 'a',
      });
      assert.equal(many.kind, 'refused');
      assert.deepEqual(
        many.kind === 'refused' && many.parts.map((x) => x.priceBreaks.map((b) => [b.minQuantity, b.priceCents])),
        [
          [
            [100, 890],
            [500, 820],
          ],
        ],
        "the refusal answers today's breaks",
      );
      const after = (await t.inject({ method: 'GET', url: `/api/parts/${p._id}` })).json() as Part;
      assert.equal(after.available, before.available, 'no stock taken');
      // Through checkout, the service prices again and places at today's tier.
      await setCart(shopper, [{ partId: p._id, quantity: 100 }]);
      const res = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { phone: '5', address: 'a' } },
        shopper,
      );
      assert.equal(res.statusCode, 201, res.body);
      assert.equal((res.json() as Order).lines[0]!.unitPrice, 8.9);
    });

    test("shipping's free-over threshold compares the goods at their tier prices", async () => {
      const all: ShippingMethod[] = (await t.inject({ method: 'GET', url: '/api/shipping/methods/all' }, admin)).json();
      for (const m of all.filter((x) => x.active))
        await t.inject({ method: 'PUT', url: `/api/shipping/methods/${m._id}`, payload: { active: false } }, admin);
      const created = await t.inject(
        {
          method: 'POST',
          url: '/api/shipping/methods',
          payload: {
            name: 'Free over 900',
            carrier: 'Test',
            countries: ['US'],
            rates: [{ upToGrams: 1_000_000, price: 20 }],
            freeOver: 900,
            carriesHazardous: false,
            estimateDays: [1, 2],
            active: true,
          },
        },
        admin,
      );
      assert.equal(created.statusCode, 201, created.body);
      const p = await tiered({ weightGrams: 10 });
      const shopper = await t.signUp('ship@breaks.test');
      const address = await t.inject(
        {
          method: 'POST',
          url: '/api/addresses',
          payload: {
            name: 'J D',
            line1: '1 St',
            postalCode: '62704',
            city: 'Springfield',
            country: 'US',
            phone: '555',
          },
        },
        shopper,
      );
      assert.equal(address.statusCode, 201, address.body);
      const addressId = (address.json() as { _id: string })._id;
      const optionsAt = async (quantity: number): Promise<ShippingOptions> => {
        await setCart(shopper, [{ partId: p._id, quantity }]);
        const res = await t.inject({ method: 'GET', url: `/api/shipping/options?addressId=${addressId}` }, shopper);
        assert.equal(res.statusCode, 200, res.body);
        return res.json();
      };
      // 99 × $9.40 = $930.60: free. 100 × $8.90 = $890: below the threshold, $20.
      let options = await optionsAt(99);
      assert.equal(options.goodsTotal, 930.6);
      assert.equal(options.options[0]!.price, 0);
      options = await optionsAt(100);
      assert.equal(options.goodsTotal, 890);
      assert.equal(options.options[0]!.price, 20);
      const res = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { addressId, shippingMethodId: created.json()._id } },
        shopper,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.equal(order.price, 910, 'goods $890 at the 100+ tier and $20 shipping');
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  DEFAULT_PART_WEIGHT_GRAMS,
  type Address,
  type Order,
  type Part,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingOptions,
} from '@torque/contract';
import { addPart, orderBody, payWithSandbox } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 28 (PRODUCT.md "Addresses and shipping"): the address book, part weights, shipping
 * methods, the options for a cart and checkout with a shipping line priced by the server.
 */
const HOME = {
  label: 'Home',
  name: 'Jane Doe',
  company: 'Acme Garage',
  line1: '1 Gear St',
  line2: 'Unit 4',
  postalCode: '62704',
  city: 'Springfield',
  region: 'IL',
  country: 'us',
  phone: '+1 555 0100',
};
const BERLIN = { name: 'Max M', line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' };

/** One band up to 1 kg for $5, one up to 2 kg for $8; free from $100 of goods; US only, no hazardous goods. */
const BANDED: ShippingMethodInput = {
  name: 'Banded',
  carrier: 'Test Carrier',
  countries: ['US'],
  rates: [
    { upToGrams: 1000, price: 5 },
    { upToGrams: 2000, price: 8 },
  ],
  freeOver: 100,
  carriesHazardous: false,
  estimateDays: [2, 4],
  active: true,
};

for (const kind of databaseKinds()) {
  describe(`addresses and shipping (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    let other: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      buyer = await t.signUp('buyer@ship.test');
      other = await t.signUp('other@ship.test');
    });
    after(() => t.close());

    const addAddress = async (as: TestUser, payload: Record<string, unknown>): Promise<Address> => {
      const res = await t.inject({ method: 'POST', url: '/api/addresses', payload }, as);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const addMethod = async (payload: Partial<ShippingMethodInput> = {}): Promise<ShippingMethod> => {
      const res = await t.inject(
        { method: 'POST', url: '/api/shipping/methods', payload: { ...BANDED, ...payload } },
        admin,
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const setCart = async (as: TestUser, lines: { partId: string; quantity: number }[]) => {
      const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
    };
    const optionsFor = async (as: TestUser, addressId: string): Promise<ShippingOptions> => {
      const res = await t.inject({ method: 'GET', url: `/api/shipping/options?addressId=${addressId}` }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const part = (spec: Parameters<typeof addPart>[2]): Promise<Part> => addPart(t, admin, spec);
    /** Deactivates every method but `keep`, so a test sees only its own. */
    const only = async (...keep: ShippingMethod[]) => {
      const all: ShippingMethod[] = (await t.inject({ method: 'GET', url: '/api/shipping/methods/all' }, admin)).json();
      for (const m of all)
        if (!keep.some((k) => k._id === m._id) && m.active) {
          const res = await t.inject(
            { method: 'PUT', url: `/api/shipping/methods/${m._id}`, payload: { active: false } },
            admin,
          );
          assert.equal(res.statusCode, 200, res.body);
        }
    };

    test('the address book: CRUD, defaults, and nobody else sees an address (404, admins too)', async () => {
      const home = await addAddress(buyer, HOME);
      assert.equal(home.country, 'US');
      assert.equal(home.countryName, 'United States of America');
      assert.equal(home.defaultShipping, true, 'the first address is the default');
      assert.equal(home.defaultBilling, true);
      const berlin = await addAddress(buyer, { ...BERLIN, defaultShipping: true });
      assert.equal(berlin.line2, null);
      const list: Address[] = (await t.inject({ method: 'GET', url: '/api/addresses' }, buyer)).json();
      assert.deepEqual(
        list.map((a) => [a._id, a.defaultShipping, a.defaultBilling]),
        [
          [home._id, false, true],
          [berlin._id, true, false],
        ],
        'the default shipping address moved; billing stayed',
      );

      const put = await t.inject(
        {
          method: 'PUT',
          url: `/api/addresses/${home._id}`,
          payload: { ...HOME, city: 'Chicago', postalCode: '60601' },
        },
        buyer,
      );
      assert.equal(put.statusCode, 200, put.body);
      assert.equal((put.json() as Address).city, 'Chicago');

      for (const as of [other, admin]) {
        for (const request of [
          { method: 'GET' as const, url: `/api/addresses/${home._id}` },
          { method: 'PUT' as const, url: `/api/addresses/${home._id}`, payload: HOME },
          { method: 'DELETE' as const, url: `/api/addresses/${home._id}` },
        ]) {
          const res = await t.inject(request, as);
          assert.equal(res.statusCode, 404, `${as.email} ${request.method}: ${res.body}`);
        }
        const theirs: Address[] = (await t.inject({ method: 'GET', url: '/api/addresses' }, as)).json();
        assert.ok(!theirs.some((a) => a._id === home._id));
      }
      // A refused write moved none of the caller's own defaults.
      const otherHome = await addAddress(other, { ...HOME, defaultShipping: true });
      const stray = await t.inject(
        { method: 'PUT', url: `/api/addresses/${home._id}`, payload: { ...HOME, defaultShipping: true } },
        other,
      );
      assert.equal(stray.statusCode, 404);
      const otherAfter = (await t.inject({ method: 'GET', url: `/api/addresses/${otherHome._id}` }, other)).json();
      assert.equal(otherAfter.defaultShipping, true);
      const options = await t.inject({ method: 'GET', url: `/api/shipping/options?addressId=${home._id}` }, other);
      assert.equal(options.statusCode, 404, "another's address prices nothing");

      const del = await t.inject({ method: 'DELETE', url: `/api/addresses/${berlin._id}` }, buyer);
      assert.equal(del.statusCode, 200, del.body);
      assert.equal((await t.inject({ method: 'GET', url: `/api/addresses/${berlin._id}` }, buyer)).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: '/api/addresses' }, null)).statusCode, 401);
    });

    test('postal codes are checked for the countries with a known format; countries are ISO 3166-1', async () => {
      const bad = [
        [{ ...HOME, postalCode: '6270' }, 'postalCode', /United States/],
        [{ ...HOME, postalCode: 'ABCDE' }, 'postalCode', /United States/],
        [{ ...BERLIN, postalCode: '1011' }, 'postalCode', /Germany/],
        [{ ...BERLIN, country: 'GB', postalCode: '12345' }, 'postalCode', /United Kingdom/],
        [{ ...BERLIN, country: 'CA', postalCode: 'ZZZ 999' }, 'postalCode', /Canada/],
        [{ ...BERLIN, postalCode: undefined }, 'postalCode', /required/],
        [{ ...BERLIN, country: 'XX' }, 'country', /ISO 3166-1/],
        [{ ...BERLIN, country: 'Germany' }, 'country', /two-letter/],
        [{ ...BERLIN, name: '' }, 'name', /required/],
      ] as const;
      for (const [payload, field, message] of bad) {
        const res = await t.inject({ method: 'POST', url: '/api/addresses', payload }, other);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
        assert.match(errorOf(res).fields?.[field] ?? '', message, res.body);
      }
      for (const payload of [
        { ...BERLIN, country: 'GB', postalCode: 'SW1A 1AA' },
        { ...BERLIN, country: 'CA', postalCode: 'K1A 0B1' },
        { ...HOME, postalCode: '62704-1234' },
        // Hong Kong has no postal codes: none is asked for, any text is kept as given.
        { ...BERLIN, country: 'HK', postalCode: undefined },
      ])
        await addAddress(other, payload);
    });

    test('parts have a weight (the default, flagged, when the API call sends none) and a hazardous flag', async () => {
      const weighed = await part({ available: 5, weightGrams: 2500, hazardous: true });
      assert.deepEqual([weighed.weightGrams, weighed.weightDefaulted, weighed.hazardous], [2500, false, true]);
      const spec = await part({ available: 5 });
      assert.deepEqual(
        [spec.weightGrams, spec.weightDefaulted, spec.hazardous],
        [DEFAULT_PART_WEIGHT_GRAMS, true, false],
      );
      const etag = (await t.inject({ method: 'GET', url: `/api/parts/${spec._id}` })).headers.etag;
      const res = await t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${spec._id}`,
          payload: { weightGrams: 750 },
          headers: { 'if-match': String(etag) },
        },
        admin,
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual([res.json().weightGrams, res.json().weightDefaulted], [750, false], 'given: no longer flagged');
      const zero = await t.inject(
        {
          method: 'POST',
          url: '/api/parts',
          payload: {
            name: 'P',
            des: 'd',
            img: '/images/parts/p.svg',
            minimunOrder: 1,
            available: 1,
            price: 1,
            weightGrams: 0,
          },
        },
        admin,
      );
      assert.equal(zero.statusCode, 400);
      assert.ok(errorOf(zero).fields?.weightGrams);
    });

    test('shipping methods: admins manage them, anyone reads the active ones, bad tables are 400', async () => {
      const method = await addMethod({ name: 'Managed' });
      assert.deepEqual(method.rates, BANDED.rates);
      assert.deepEqual(method.estimateDays, [2, 4]);
      const listed: ShippingMethod[] = (await t.inject({ method: 'GET', url: '/api/shipping/methods' }, null)).json();
      assert.ok(listed.some((m) => m._id === method._id));
      const off = await t.inject(
        { method: 'PUT', url: `/api/shipping/methods/${method._id}`, payload: { active: false } },
        admin,
      );
      assert.equal(off.statusCode, 200, off.body);
      const after: ShippingMethod[] = (await t.inject({ method: 'GET', url: '/api/shipping/methods' }, null)).json();
      assert.ok(!after.some((m) => m._id === method._id), 'an inactive method is not public');
      for (const payload of [
        {
          ...BANDED,
          rates: [
            { upToGrams: 2000, price: 8 },
            { upToGrams: 1000, price: 5 },
          ],
        },
        { ...BANDED, rates: [] },
        { ...BANDED, countries: ['usa'] },
        { ...BANDED, estimateDays: [5, 2] },
        { ...BANDED, freeOver: -1 },
      ]) {
        const res = await t.inject({ method: 'POST', url: '/api/shipping/methods', payload }, admin);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      }
      assert.equal(
        (await t.inject({ method: 'POST', url: '/api/shipping/methods', payload: BANDED }, buyer)).statusCode,
        403,
      );
      const del = await t.inject({ method: 'DELETE', url: `/api/shipping/methods/${method._id}` }, admin);
      assert.equal(del.statusCode, 200, del.body);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/shipping/methods/${method._id}` }, admin)).statusCode,
        404,
      );
    });

    test('options at the band edges: exactly the bound takes the band, one gram over the next, past the last none', async () => {
      const method = await addMethod();
      await only(method);
      const shopper = await t.signUp('edges@ship.test');
      const home = await addAddress(shopper, HOME);
      const priceAt = async (grams: number) => {
        const p = await part({ available: 10, price: 1, weightGrams: grams });
        await setCart(shopper, [{ partId: p._id, quantity: 1 }]);
        const options = await optionsFor(shopper, home._id);
        assert.equal(options.weightGrams, grams);
        return options;
      };
      assert.deepEqual(
        (await priceAt(1000)).options.map((o) => o.price),
        [5],
      );
      assert.deepEqual(
        (await priceAt(1001)).options.map((o) => o.price),
        [8],
      );
      assert.deepEqual(
        (await priceAt(2000)).options.map((o) => o.price),
        [8],
      );
      const over = await priceAt(2001);
      assert.deepEqual(over.options, []);
      assert.deepEqual(
        over.refused.map((r) => [r.methodId, r.code]),
        [[method._id, 'TOO_HEAVY']],
      );
      // Weight is per unit × units.
      const light = await part({ available: 10, price: 1, weightGrams: 250 });
      await setCart(shopper, [{ partId: light._id, quantity: 4 }]);
      assert.deepEqual(
        (await optionsFor(shopper, home._id)).options.map((o) => [o.price, o.estimateDays]),
        [[5, [2, 4]]],
      );
      await setCart(shopper, [{ partId: light._id, quantity: 5 }]);
      assert.deepEqual(
        (await optionsFor(shopper, home._id)).options.map((o) => o.price),
        [8],
      );
    });

    test('free over the threshold, and not one cent under; hazardous goods and unserved countries exclude a method', async () => {
      const method = await addMethod();
      const hazmat = await addMethod({
        name: 'Ground',
        carriesHazardous: true,
        countries: ['US', 'CA'],
        freeOver: null,
      });
      await only(method, hazmat);
      const shopper = await t.signUp('free@ship.test');
      const home = await addAddress(shopper, HOME);
      const berlin = await addAddress(shopper, BERLIN);
      const at = await part({ available: 10, price: 100, weightGrams: 500 });
      const under = await part({ available: 10, price: 99.99, weightGrams: 500 });
      await setCart(shopper, [{ partId: at._id, quantity: 1 }]);
      let options = await optionsFor(shopper, home._id);
      assert.equal(options.goodsTotal, 100);
      assert.deepEqual(
        options.options.map((o) => [o.name, o.price]),
        [
          ['Banded', 0],
          ['Ground', 5],
        ],
      );
      await setCart(shopper, [{ partId: under._id, quantity: 1 }]);
      options = await optionsFor(shopper, home._id);
      assert.equal(options.goodsTotal, 99.99);
      assert.deepEqual(
        options.options.map((o) => [o.name, o.price]),
        [
          ['Banded', 5],
          ['Ground', 5],
        ],
      );

      const battery = await part({ available: 10, price: 1, weightGrams: 500, hazardous: true });
      await setCart(shopper, [
        { partId: under._id, quantity: 1 },
        { partId: battery._id, quantity: 1 },
      ]);
      options = await optionsFor(shopper, home._id);
      assert.equal(options.hazardous, true);
      assert.deepEqual(
        options.options.map((o) => o.methodId),
        [hazmat._id],
      );
      assert.deepEqual(
        options.refused.map((r) => [r.methodId, r.code]),
        [[method._id, 'HAZARDOUS']],
      );

      options = await optionsFor(shopper, berlin._id);
      assert.deepEqual(options.options, []);
      assert.deepEqual(options.refused.map((r) => r.code).sort(), ['COUNTRY_NOT_SERVED', 'COUNTRY_NOT_SERVED']);
      const bad = await t.inject({ method: 'GET', url: '/api/shipping/options?addressId=nope' }, shopper);
      assert.equal(bad.statusCode, 400);
    });

    test('checkout prices the shipping on the server, charges it, invoices it, and keeps copies of the addresses', async () => {
      const method = await addMethod({ name: 'Checkout Post' });
      await only(method);
      const shopper = await t.signUp('checkout@ship.test');
      const home = await addAddress(shopper, HOME);
      const billing = await addAddress(shopper, { ...BERLIN, label: 'Office', defaultBilling: true });
      const a = await part({ available: 10, price: 12.5, weightGrams: 400 });
      const b = await part({ available: 10, price: 3.1, weightGrams: 300 });
      await setCart(shopper, [
        { partId: a._id, quantity: 2 },
        { partId: b._id, quantity: 1 },
      ]);
      // A client's prices and totals are stripped: the server prices the line (1,100 g → $8).
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/checkout',
          payload: {
            addressId: home._id,
            shippingMethodId: method._id,
            shippingPrice: 0,
            shipping: { methodId: method._id, name: 'Free!', price: 0, weightGrams: 1 },
            price: 0.01,
          },
        },
        shopper,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.deepEqual(order.shipping, { methodId: method._id, name: 'Checkout Post', price: 8, weightGrams: 1100 });
      assert.equal(order.price, 36.1, 'goods $28.10 + shipping $8');
      assert.equal(order.phone, HOME.phone, 'the address book entry gives the phone');
      assert.equal(
        order.address,
        'Jane Doe, Acme Garage, 1 Gear St, Unit 4, Springfield, IL 62704, United States of America',
      );
      assert.equal(order.shippingAddress?.line1, '1 Gear St');
      assert.equal(order.billingAddress?.label, 'Office', 'the default billing address');

      // The book changes; the order's copies do not.
      const edited = await t.inject(
        { method: 'PUT', url: `/api/addresses/${home._id}`, payload: { ...HOME, line1: '99 Moved Ave' } },
        shopper,
      );
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(
        (await t.inject({ method: 'DELETE', url: `/api/addresses/${billing._id}` }, shopper)).statusCode,
        200,
      );
      const read: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, shopper)).json();
      assert.deepEqual(read.shippingAddress, order.shippingAddress);
      assert.deepEqual(read.billingAddress, order.billingAddress);
      assert.equal(read.address, order.address);
      const asAdmin: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, admin)).json();
      assert.deepEqual(asAdmin.shipping, order.shipping, "the admin's order view shows the method and weight");

      const { confirm } = await payWithSandbox(t, shopper, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const payments = await t.db.database.db.execute(
        sql`select amount_cents::integer as cents from payments where order_id = ${order._id}::uuid`,
      );
      assert.deepEqual(payments.rows, [{ cents: 3610 }], 'the payment charges the shipping too');
      const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, shopper);
      assert.equal(pdf.statusCode, 200);
      const text = await pdfText(pdf.rawPayload);
      assert.match(text, /Shipping: Checkout Post \(1\.1 kg\) 1 \$8\.00 \$8\.00/);
      assert.match(text, /Total \$36\.10/);
      // Billed to the office, shipped home: the invoice shows both (the home address as the order kept it).
      assert.match(text, /BILL TO\n[^]*?SHIP TO\nJane Doe\nAcme Garage\n1 Gear St\nUnit 4\nSpringfield, IL 62704\n/);

      const csv = (await t.inject({ method: 'GET', url: '/api/orders/export.csv' }, admin)).body;
      const rows = csv.split('\r\n').filter((r) => r.startsWith(order._id));
      assert.equal(rows.length, 2);
      // Issue 29 appended net, tax and gross (the first row only); no US state tax in Illinois.
      assert.ok(rows[0]!.endsWith(',Checkout Post,1100,8.00,36.10,0.00,36.10'), rows[0]);
      assert.ok(rows[1]!.endsWith(',Checkout Post,1100,,,,'), rows[1]);

      // Deleting the method keeps the order's line, without its id.
      await t.inject({ method: 'DELETE', url: `/api/shipping/methods/${method._id}` }, admin);
      const kept: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, shopper)).json();
      assert.deepEqual(kept.shipping, { methodId: null, name: 'Checkout Post', price: 8, weightGrams: 1100 });
    });

    test('a method that cannot carry the cart is a 409 naming why; the cart and stock stay', async () => {
      const method = await addMethod({ name: 'Refuser', rates: [{ upToGrams: 1000, price: 5 }] });
      await only(method);
      const shopper = await t.signUp('refused@ship.test');
      const home = await addAddress(shopper, HOME);
      const heavy = await part({ available: 10, price: 1, weightGrams: 1001 });
      const battery = await part({ available: 10, price: 1, weightGrams: 10, hazardous: true });
      const checkout = (payload: Record<string, unknown>) =>
        t.inject({ method: 'POST', url: '/api/checkout', payload }, shopper);

      await setCart(shopper, [{ partId: heavy._id, quantity: 1 }]);
      let res = await checkout({ addressId: home._id, shippingMethodId: method._id });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'SHIPPING_TOO_HEAVY');
      await setCart(shopper, [{ partId: battery._id, quantity: 1 }]);
      res = await checkout({ addressId: home._id, shippingMethodId: method._id });
      assert.equal(errorOf(res).code, 'SHIPPING_HAZARDOUS');
      const light = await part({ available: 10, price: 1, weightGrams: 10 });
      await setCart(shopper, [{ partId: light._id, quantity: 1 }]);
      res = await checkout({ address: BERLIN, shippingMethodId: method._id });
      assert.equal(res.statusCode, 400, 'no phone in the body or the address');
      assert.ok(errorOf(res).fields?.phone);
      res = await checkout({ address: BERLIN, phone: '+49 30 1234', shippingMethodId: method._id });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'SHIPPING_COUNTRY_NOT_SERVED');
      res = await checkout({ addressId: home._id, shippingMethodId: crypto.randomUUID() });
      assert.equal(errorOf(res).code, 'SHIPPING_METHOD_UNAVAILABLE');
      res = await checkout({ addressId: home._id });
      assert.equal(res.statusCode, 400, 'a structured address needs a method while any is active');
      assert.ok(errorOf(res).fields?.shippingMethodId);
      res = await checkout({ addressId: crypto.randomUUID(), shippingMethodId: method._id });
      assert.equal(res.statusCode, 400);
      assert.ok(errorOf(res).fields?.addressId);
      res = await checkout({ address: { ...HOME, postalCode: '1' }, shippingMethodId: method._id });
      assert.equal(res.statusCode, 400);
      assert.ok(errorOf(res).fields?.['address.postalCode'], res.body);
      const cart = (await t.inject({ method: 'GET', url: '/api/cart' }, shopper)).json() as { lines: unknown[] };
      assert.equal(cart.lines.length, 1, 'nothing was ordered');

      // An inline address works like a book entry.
      res = await checkout({ address: HOME, shippingMethodId: method._id });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal((res.json() as Order).shipping?.price, 5);
    });

    test("without a method, the spec's checkout and one-part order are placed as before, with null shipping", async () => {
      const shopper = await t.signUp('spec@ship.test');
      const p = await part({ available: 10, price: 2 });
      await setCart(shopper, [{ partId: p._id, quantity: 1 }]);
      const res = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { phone: '555', address: '1 Main St' } },
        shopper,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      assert.deepEqual(
        [order.shipping, order.shippingAddress, order.billingAddress, order.price],
        [null, null, null, 2],
      );
      const one = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(p._id, 1) }, shopper);
      assert.equal(one.statusCode, 201, one.body);
      assert.deepEqual([one.json().shipping, one.json().shippingAddress], [null, null]);
    });
  });
}

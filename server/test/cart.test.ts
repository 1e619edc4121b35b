import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CART_LINES_MAX, CART_QUANTITY_MAX, orderMessages, type Cart } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { addPart } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** PRODUCT.md "Cart": the cart's routes, its rules and the lines checkout reads. */

type Line = { partId: string; quantity: number };

for (const kind of databaseKinds()) {
  describe(`cart (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let n = 0;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
    });
    after(() => t.close());

    const buyer = () => t.signUp(`cart-buyer-${++n}@torque.test`);
    const part = async (spec: Partial<Parameters<typeof addPart>[2]> = {}) =>
      (await addPart(t, admin, { available: 100, price: 12.5, ...spec }))._id;
    const getCart = async (as: TestUser): Promise<Cart> => {
      const res = await t.inject({ method: 'GET', url: '/api/cart' }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const put = (as: TestUser, lines: unknown) => t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
    const post = (as: TestUser, lines: unknown) =>
      t.inject({ method: 'POST', url: '/api/cart/lines', payload: { lines } }, as);
    const stored = (c: Cart): Line[] => c.lines.map((l) => ({ partId: l.partId, quantity: l.quantity }));
    /** Parts made straight in the database: a full cart needs hundreds. */
    const manyParts = async (count: number): Promise<string[]> => {
      const rows = await t.db.database.db.execute<{ id: string }>(
        sql`insert into parts (name, description, img, minimum_order, available, price_cents)
            select 'Bulk part ' || g, 'For a full cart.', '/images/parts/x.svg', 1, 50, 100
            from generate_series(1, ${count}) as g returning id`,
      );
      return rows.rows.map((r) => String(r.id));
    };

    test('every cart route needs a signed-in caller', async () => {
      for (const [method, url] of [
        ['GET', '/api/cart'],
        ['PUT', '/api/cart'],
        ['POST', '/api/cart/lines'],
        ['POST', '/api/cart/quick-order'],
      ] as const) {
        const res = await t.inject({ method, url, payload: method === 'GET' ? undefined : { lines: [] } });
        assert.equal(res.statusCode, 401, `${method} ${url}`);
        assert.equal(errorOf(res).code, 'UNAUTHORIZED');
      }
    });

    test('an empty cart is not ready', async () => {
      assert.deepEqual(await getCart(await buyer()), { lines: [], quantity: 0, total: 0, ready: false });
    });

    test('adding: lines in the order added, the same part adds up, priced by the server', async () => {
      const me = await buyer();
      const [a, b] = [await part({ price: 12.5, partNumber: 'CT-1001', brand: 'Bosch' }), await part({ price: 0.1 })];
      let res = await post(me, [{ partId: a, quantity: 2 }]);
      assert.equal(res.statusCode, 200, res.body);
      res = await post(me, [
        { partId: b, quantity: '3' },
        { partId: a, quantity: 1 },
        { partId: b, quantity: 4 },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      const cart = res.json() as Cart;
      assert.deepEqual(stored(cart), [
        { partId: a, quantity: 3 },
        { partId: b, quantity: 7 },
      ]);
      const [first, second] = cart.lines;
      assert.equal(first!.partNumber, 'CT-1001');
      assert.equal(first!.brand, 'Bosch');
      assert.deepEqual([first!.unitPrice, first!.total], [12.5, 37.5]);
      assert.deepEqual([second!.unitPrice, second!.total], [0.1, 0.7]);
      assert.deepEqual([cart.quantity, cart.total, cart.ready], [10, 38.2, true]);
      assert.deepEqual(await getCart(me), cart);
    });

    test('a line never asks for more than the most one line may hold', async () => {
      const me = await buyer();
      const a = await part();
      assert.equal((await post(me, [{ partId: a, quantity: CART_QUANTITY_MAX }])).statusCode, 200);
      const res = await post(me, [{ partId: a, quantity: 5 }]);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((res.json() as Cart).lines[0]!.quantity, CART_QUANTITY_MAX);
      const over = await post(me, [{ partId: a, quantity: CART_QUANTITY_MAX + 1 }]);
      assert.equal(over.statusCode, 400);
    });

    test('PUT replaces the cart: duplicates merge, kept lines keep their place, new ones follow', async () => {
      const me = await buyer();
      const [a, b, c] = [await part(), await part(), await part()];
      await post(me, [
        { partId: a, quantity: 1 },
        { partId: b, quantity: 1 },
      ]);
      const res = await put(me, [
        { partId: c, quantity: 2 },
        { partId: b, quantity: 5 },
        { partId: c, quantity: 3 },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(stored(res.json()), [
        { partId: b, quantity: 5 },
        { partId: c, quantity: 5 },
      ]);
      const emptied = await put(me, []);
      assert.equal(emptied.statusCode, 200);
      assert.deepEqual((emptied.json() as Cart).lines, []);
    });

    test('a part that does not exist is a 400 naming the line, and nothing changes', async () => {
      const me = await buyer();
      const a = await part();
      await post(me, [{ partId: a, quantity: 1 }]);
      const ghost = '00000000-0000-4000-8000-000000000000';
      for (const send of [put, post]) {
        const res = await send(me, [
          { partId: a, quantity: 9 },
          { partId: ghost, quantity: 1 },
        ]);
        assert.equal(res.statusCode, 400, res.body);
        const error = errorOf(res);
        assert.match(error.message, /Line 2/);
        assert.deepEqual(Object.keys(error.fields ?? {}), ['lines.1.partId']);
        assert.deepEqual(stored(await getCart(me)), [{ partId: a, quantity: 1 }]);
      }
    });

    test('bad bodies are 400s in the error shape', async () => {
      const me = await buyer();
      const a = await part();
      for (const body of [
        {},
        { lines: 'x' },
        { lines: [{ partId: 'nope', quantity: 1 }] },
        { lines: [{ partId: a, quantity: 0 }] },
        { lines: [{ partId: a, quantity: 1.5 }] },
        { lines: [{ partId: a }] },
      ]) {
        for (const method of ['PUT', 'POST'] as const) {
          const res = await t.inject(
            { method, url: method === 'PUT' ? '/api/cart' : '/api/cart/lines', payload: body },
            me,
          );
          assert.equal(res.statusCode, 400, `${method} ${JSON.stringify(body)}: ${res.body}`);
          assert.equal(errorOf(res).code, 'VALIDATION_FAILED');
        }
      }
      assert.equal((await post(me, [])).statusCode, 400, 'adding nothing');
      assert.deepEqual((await getCart(me)).lines, []);
    });

    test(`${CART_LINES_MAX + 1} lines are a 400; adding past ${CART_LINES_MAX} lines is CART_FULL and adds nothing`, async () => {
      const me = await buyer();
      const ids = await manyParts(CART_LINES_MAX + 2);
      const lines = ids.map((partId) => ({ partId, quantity: 1 }));
      const tooMany = await put(me, lines.slice(0, CART_LINES_MAX + 1));
      assert.equal(tooMany.statusCode, 400);
      assert.match(errorOf(tooMany).message, new RegExp(`at most ${CART_LINES_MAX} lines`));
      assert.equal((await post(me, lines.slice(0, CART_LINES_MAX + 1))).statusCode, 400);
      assert.deepEqual((await getCart(me)).lines, []);

      assert.equal((await put(me, lines.slice(0, CART_LINES_MAX - 1))).statusCode, 200);
      const full = await post(me, lines.slice(CART_LINES_MAX - 1, CART_LINES_MAX + 1));
      assert.equal(full.statusCode, 409, full.body);
      assert.equal(errorOf(full).code, 'CART_FULL');
      assert.equal((await getCart(me)).lines.length, CART_LINES_MAX - 1);

      // Two adds at once, each of one new part, with room for one: exactly one wins.
      const [x, y] = await Promise.all([post(me, [lines[CART_LINES_MAX - 1]!]), post(me, [lines[CART_LINES_MAX]!])]);
      assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 409]);
      const cart = await getCart(me);
      assert.equal(cart.lines.length, CART_LINES_MAX);
      // A full cart still takes more of a part it holds.
      const more = await post(me, [{ partId: ids[0]!, quantity: 2 }]);
      assert.equal(more.statusCode, 200, more.body);
      assert.equal((more.json() as Cart).lines[0]!.quantity, 3);
    });

    test('each line says what stops it from being checked out', async () => {
      const me = await buyer();
      const successor = await part({ partNumber: 'CT-2002' });
      const ids = {
        below: await part({ minimunOrder: 5 }),
        above: await part({ available: 3 }),
        out: await part({ available: 0 }),
        replaced: await part({ replacedBy: 'CT-2002' }),
        fine: await part(),
      };
      const res = await put(me, [
        { partId: ids.below, quantity: 2 },
        { partId: ids.above, quantity: 4 },
        { partId: ids.out, quantity: 1 },
        { partId: ids.replaced, quantity: 1 },
        { partId: ids.fine, quantity: 1 },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      const cart = res.json() as Cart;
      assert.deepEqual(
        cart.lines.map((l) => l.problem),
        [
          { code: 'BELOW_MINIMUM', message: orderMessages.belowMinimum },
          { code: 'ABOVE_AVAILABLE', message: orderMessages.aboveAvailable },
          { code: 'UNAVAILABLE', message: orderMessages.stockOut },
          {
            code: 'SUPERSEDED',
            message: 'This part is replaced by CT-2002',
            successor: { _id: successor, partNumber: 'CT-2002' },
          },
          null,
        ],
      );
      assert.equal(cart.lines[0]!.minimunOrder, 5);
      assert.equal(cart.lines[1]!.available, 3);
      assert.equal(cart.ready, false);
      const fixed = await put(me, [
        { partId: ids.below, quantity: 5 },
        { partId: ids.fine, quantity: 1 },
      ]);
      assert.equal((fixed.json() as Cart).ready, true);
    });

    test("each account sees only its own cart, an admin's is the admin's own", async () => {
      const [me, other] = [await buyer(), await buyer()];
      const [a, b, c] = [await part(), await part(), await part()];
      await post(me, [{ partId: a, quantity: 1 }]);
      await post(other, [{ partId: b, quantity: 2 }]);
      await put(admin, [{ partId: c, quantity: 3 }]);
      assert.deepEqual(stored(await getCart(me)), [{ partId: a, quantity: 1 }]);
      assert.deepEqual(stored(await getCart(other)), [{ partId: b, quantity: 2 }]);
      assert.deepEqual(stored(await getCart(admin)), [{ partId: c, quantity: 3 }]);
      // Body fields naming someone else change nothing: the cart is the token's.
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/cart/lines',
          payload: { lines: [{ partId: a, quantity: 1 }], userId: other.id, email: other.email },
        },
        me,
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(stored(await getCart(other)), [{ partId: b, quantity: 2 }]);
    });

    test('a deleted part leaves the cart', async () => {
      const me = await buyer();
      const [a, b] = [await part(), await part()];
      await post(me, [
        { partId: a, quantity: 1 },
        { partId: b, quantity: 1 },
      ]);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${a}` }, admin)).statusCode, 200);
      assert.deepEqual(stored(await getCart(me)), [{ partId: b, quantity: 1 }]);
    });

    test("checkout's calls: linesOf in the order added, with the parts' prices now; removeOrdered leaves a line changed meanwhile", async () => {
      const me = await buyer();
      const [a, b, c] = [await part(), await part({ price: 7 }), await part()];
      await post(me, [
        { partId: a, quantity: 1 },
        { partId: b, quantity: 2 },
        { partId: c, quantity: 3 },
      ]);
      const lines = await t.app.cart.linesOf(me.id);
      assert.deepEqual(lines, [
        { partId: a, quantity: 1, priceCents: 1250, priceBreaks: [] },
        { partId: b, quantity: 2, priceCents: 700, priceBreaks: [] },
        { partId: c, quantity: 3, priceCents: 1250, priceBreaks: [] },
      ]);
      // Meanwhile the buyer adds one more of b in another tab.
      await post(me, [{ partId: b, quantity: 1 }]);
      await t.app.cart.removeOrdered(me.id, lines.slice(0, 2));
      assert.deepEqual(await t.app.cart.linesOf(me.id), [
        { partId: b, quantity: 3, priceCents: 700, priceBreaks: [] },
        { partId: c, quantity: 3, priceCents: 1250, priceBreaks: [] },
      ]);
      await t.app.cart.removeOrdered(me.id, []);
      assert.equal((await t.app.cart.linesOf(me.id)).length, 2);
    });
  });
}

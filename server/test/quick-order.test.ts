import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CART_LINES_MAX,
  orderMessages,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderResult,
} from '@torque/contract';
import { sql } from 'drizzle-orm';
import { addPart } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** PRODUCT.md "Cart", quick order: lines of `part number, quantity` pasted or uploaded. */

for (const kind of databaseKinds()) {
  describe(`quick order (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let n = 0;
    const ids: Record<string, string> = {};
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      const part = async (key: string, spec: Partial<Parameters<typeof addPart>[2]>) => {
        ids[key] = (await addPart(t, admin, { available: 100, price: 10, ...spec }))._id;
      };
      await part('pads', {
        partNumber: 'QO-1001',
        brand: 'Torque Parts',
        crossReferences: [
          { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
          { kind: 'competitor', brand: 'ATE', number: '13.0460-2781.2' },
          { kind: 'replaces', brand: 'Torque Parts', number: 'QO-0999' },
        ],
      });
      await part('disc', { partNumber: 'QO-1002', price: 40 });
      await part('bulk', { partNumber: 'QO-1003', minimunOrder: 10 });
      await part('new', { partNumber: 'QO-2000' });
      await part('old', { partNumber: 'QO-1900', brand: 'Bosch', replacedBy: 'QO-2000' });
    });
    after(() => t.close());

    const buyer = () => t.signUp(`quick-${++n}@torque.test`);
    const quick = (as: TestUser | null, body: string, type = 'text/plain') =>
      t.inject({ method: 'POST', url: '/api/cart/quick-order', headers: { 'content-type': type }, payload: body }, as);
    const ok = async (as: TestUser, body: string, type?: string): Promise<QuickOrderResult> => {
      const res = await quick(as, body, type);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    test('comma, tab, semicolon and spaces; numbers with spaces; own, OE, competitor and replaced numbers', async () => {
      const me = await buyer();
      const result = await ok(me, ['QO-1002, 2', 'qo 1003\t12', '', '13.0460-2781.2;1', '1K0 698 151 4'].join('\n'));
      assert.deepEqual(result.errors, []);
      assert.deepEqual(
        result.added.map((a) => [a.line, a.partNumber, a.quantity, a.matchedBy.kind]),
        [
          [1, 'QO-1002', 2, 'number'],
          [2, 'QO-1003', 12, 'number'],
          [4, 'QO-1001', 5, 'competitor'],
        ],
      );
      assert.deepEqual(result.added[2]!.matchedBy, { kind: 'competitor', brand: 'ATE', number: '13.0460-2781.2' });
      assert.deepEqual(
        result.cart.lines.map((l) => [l.partNumber, l.quantity]),
        [
          ['QO-1002', 2],
          ['QO-1003', 12],
          ['QO-1001', 5],
        ],
      );
      const replaced = await ok(me, 'QO-0999 1');
      assert.deepEqual(replaced.added[0]!.matchedBy, { kind: 'replaces', brand: 'Torque Parts', number: 'QO-0999' });
      assert.equal(replaced.cart.lines.find((l) => l.partId === ids.pads)!.quantity, 6);
    });

    test('unknown and malformed lines are reported, good ones added, a line below the minimum added but flagged', async () => {
      const me = await buyer();
      const result = await ok(
        me,
        ['QO-1003, 2', 'NOPE-1, 1', 'QO-1002', 'QO-1002, x', 'QO-1002, 0', 'QO-1002, 1.5', 'QO-1002, 3', '!!, 2'].join(
          '\n',
        ),
      );
      assert.deepEqual(
        result.added.map((a) => [a.line, a.partNumber, a.quantity, a.problem]),
        [
          [1, 'QO-1003', 2, { code: 'BELOW_MINIMUM', message: orderMessages.belowMinimum }],
          [7, 'QO-1002', 3, null],
        ],
      );
      assert.deepEqual(
        result.errors.map((e) => e.line),
        [2, 3, 4, 5, 6, 8],
      );
      assert.match(result.errors[0]!.message, /No part with number NOPE-1/);
      assert.match(result.errors[1]!.message, /No quantity/);
      for (const e of result.errors.slice(2, 5)) assert.match(e.message, /whole number of at least 1/);
      assert.equal(result.cart.ready, false);
    });

    test('duplicates merge into one line, whichever of its numbers each line used', async () => {
      const me = await buyer();
      const result = await ok(me, 'QO-1001 1\n1k0-698-151 2\nqo1001 3\n');
      assert.deepEqual(
        result.added.map((a) => [a.line, a.partId, a.quantity]),
        [[1, ids.pads, 6]],
      );
      assert.deepEqual(
        result.cart.lines.map((l) => l.quantity),
        [6],
      );
    });

    test("a discontinued part's number adds its successor, and says so", async () => {
      const me = await buyer();
      const result = await ok(me, 'QO-1900, 2');
      assert.deepEqual(result.added, [
        {
          line: 1,
          partId: ids.new,
          partNumber: 'QO-2000',
          quantity: 2,
          matchedBy: { kind: 'replaces', brand: 'Bosch', number: 'QO-1900' },
          problem: null,
        },
      ]);
      assert.deepEqual(
        result.cart.lines.map((l) => l.partId),
        [ids.new],
      );
    });

    test('text/csv with a header and quotes', async () => {
      const me = await buyer();
      const csv = '\uFEFF"Part number","Quantity"\r\n"1K0 698 151",2\r\n"QO-1002","3"\r\n"QO, 1003",1\r\n';
      const result = await ok(me, csv, 'text/csv; charset=utf-8');
      assert.deepEqual(
        result.added.map((a) => [a.line, a.partNumber, a.quantity, a.matchedBy.kind]),
        [
          [2, 'QO-1001', 2, 'oe'],
          [3, 'QO-1002', 3, 'number'],
        ],
      );
      assert.deepEqual(
        result.errors.map((e) => e.line),
        [4],
      );
    });

    test('nothing found is still an answer: every line is in errors, the cart is unchanged', async () => {
      const me = await buyer();
      const result = await ok(me, 'Part number;Qty\nZZ-1 1\nZZ-2 2');
      assert.deepEqual(result.added, []);
      assert.deepEqual(
        result.errors.map((e) => e.line),
        [2, 3],
      );
      assert.deepEqual(result.cart.lines, []);
      const empty = await ok(me, '\n\n');
      assert.deepEqual([empty.added, empty.errors], [[], []]);
    });

    test('415 for other media types, 413 past the byte limit, 400 past the line limit; an unreadable line is its error', async () => {
      const me = await buyer();
      for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/html']) {
        const res = await quick(me, type === 'application/json' ? '{"lines":[]}' : 'QO-1002 1', type);
        assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
        assert.equal(errorOf(res).code, 'UNSUPPORTED_MEDIA_TYPE');
      }
      const big = await quick(me, `QO-1002 1\n${'#'.repeat(QUICK_ORDER_MAX_BYTES)}`);
      assert.equal(big.statusCode, 413, big.body);
      errorOf(big);
      const long = await quick(me, Array.from({ length: QUICK_ORDER_MAX_LINES + 1 }, () => 'QO-1002 1').join('\n'));
      assert.equal(long.statusCode, 400, long.body);
      assert.match(errorOf(long).message, new RegExp(`at most ${QUICK_ORDER_MAX_LINES} lines`));
      const res = await t.inject({ method: 'GET', url: '/api/cart' }, me);
      assert.deepEqual(res.json().lines, []);
      // A line CSV cannot read (an unclosed quote) is that line's error; the others are read.
      const unclosed = await ok(me, 'QO-1002, 1\n"QO-1003, 2');
      assert.deepEqual(
        unclosed.added.map((a) => a.line),
        [1],
      );
      assert.equal(unclosed.errors[0]!.line, 2);
      assert.match(unclosed.errors[0]!.message, /Not valid CSV/);
    });

    test('anonymous callers get 401; a quick order past a full cart is CART_FULL and adds nothing', async () => {
      assert.equal((await quick(null, 'QO-1002 1')).statusCode, 401);
      const me = await buyer();
      const fillers = (
        await t.db.database.db.execute<{ id: string }>(
          sql`insert into parts (name, description, img, minimum_order, available, price_cents)
              select 'Filler ' || g, 'For a full cart.', '/images/parts/x.svg', 1, 5, 100
              from generate_series(1, ${CART_LINES_MAX}) as g returning id`,
        )
      ).rows.map((r) => String(r.id));
      const fill = await t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: fillers.map((partId) => ({ partId, quantity: 1 })) } },
        me,
      );
      assert.equal(fill.statusCode, 200, fill.body);
      const res = await quick(me, 'QO-1002 1');
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'CART_FULL');
      assert.equal((await t.inject({ method: 'GET', url: '/api/cart' }, me)).json().lines.length, CART_LINES_MAX);
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { ContactMessage, Order, Part, User } from '@torque/contract';
import { addPart, orderBody, payWithSandbox, placeOrder, TEST_CARDS } from '@torque/testkit';
import { editPart, moveStock, stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, nextLink, type TestApp, type TestUser } from './helpers/test-app.ts';

for (const kind of databaseKinds()) {
  describe(`admin operations (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let customer: TestUser;

    /** Every page of `url` as `as`, following Link; the items and the first page's X-Total-Count. */
    async function walk<T>(url: string): Promise<{ items: T[]; total: number; pages: number }> {
      const items: T[] = [];
      let total = -1;
      let pages = 0;
      for (let next: string | null = url; next;) {
        const res = await t.inject({ method: 'GET', url: next }, admin);
        assert.equal(res.statusCode, 200, res.body);
        if (total < 0) total = Number(res.headers['x-total-count']);
        items.push(...(res.json() as T[]));
        pages++;
        next = nextLink(res);
      }
      return { items, total, pages };
    }

    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      customer = await t.signUp('buyer@admin-ops.test', 'Bea Buyer');
    });
    after(() => t?.close());

    describe('editing a product', () => {
      test('needs If-Match (428); a stale one is 412; the answer carries the next version', async () => {
        const part = await addPart(t, await t.admin(), { available: 5, price: 10 });
        const url = `/api/parts/${part._id}`;
        const missing = await t.inject({ method: 'PUT', url, payload: { price: 11 } }, admin);
        assert.equal(missing.statusCode, 428);
        assert.equal(errorOf(missing).code, 'PRECONDITION_REQUIRED');

        const opened = String((await t.inject({ method: 'GET', url })).headers.etag);
        assert.match(opened, /^"e[0-9a-z]+\.[\w-]+"$/);
        // Two admins opened the form; the first saves, the second is told the product changed.
        const first = await t.inject(
          { method: 'PUT', url, payload: { price: 11 }, headers: { 'if-match': opened } },
          admin,
        );
        assert.equal(first.statusCode, 200, first.body);
        const second = await t.inject(
          { method: 'PUT', url, payload: { price: 12 }, headers: { 'if-match': opened } },
          admin,
        );
        assert.equal(second.statusCode, 412);
        assert.equal(errorOf(second).code, 'PRODUCT_CHANGED');
        assert.equal(((await t.inject({ method: 'GET', url })).json() as Part).price, 11);

        // The first admin can go on saving with the ETag the save answered, which GET now gives too.
        const nextTag = String(first.headers.etag);
        assert.notEqual(nextTag, opened);
        assert.equal(String((await t.inject({ method: 'GET', url })).headers.etag), nextTag);
        const again = await t.inject(
          { method: 'PUT', url, payload: { name: 'Again' }, headers: { 'if-match': nextTag } },
          admin,
        );
        assert.equal(again.statusCode, 200, again.body);
        for (const junk of ['*', '"abc"', 'nonsense']) {
          const res = await t.inject(
            { method: 'PUT', url, payload: { price: 1 }, headers: { 'if-match': junk } },
            admin,
          );
          assert.equal(res.statusCode, 412, junk);
        }
      });

      test('an order or a restock while the form is open does not make the edit stale', async () => {
        const part = await addPart(t, await t.admin(), { available: 50, price: 10 });
        const url = `/api/parts/${part._id}`;
        const opened = String((await t.inject({ method: 'GET', url })).headers.etag);
        await placeOrder(t, customer, part._id, 3);
        await moveStock(t, part._id, 10);
        // The cache validator moved with the stock…
        assert.notEqual(String((await t.inject({ method: 'GET', url })).headers.etag), opened);
        // …the edit version did not.
        const saved = await t.inject(
          { method: 'PUT', url, payload: { price: 9.5 }, headers: { 'if-match': opened } },
          admin,
        );
        assert.equal(saved.statusCode, 200, saved.body);
        assert.deepEqual([saved.json().price, saved.json().available], [9.5, 57]);
      });

      test('an edit is seen at once in the list and the part (the caches drop)', async () => {
        const part = await addPart(t, await t.admin(), { available: 5, price: 10 });
        await t.inject({ method: 'GET', url: '/api/parts' });
        await t.inject({ method: 'GET', url: `/api/parts/${part._id}` });
        const res = await editPart(t, part._id, { price: 42.5, des: 'Now described.' });
        assert.equal(res.statusCode, 200, res.body);
        const listed = ((await t.inject({ method: 'GET', url: '/api/parts' })).json() as Part[]).find(
          (p) => p._id === part._id,
        );
        assert.deepEqual([listed?.price, listed?.des], [42.5, 'Now described.']);
      });
    });

    describe('stock', () => {
      test('moves by a delta; never below 0 (409); 0 and fractions are 400; unknown part 404', async () => {
        const part = await addPart(t, await t.admin(), { available: 5 });
        const url = `/api/parts/${part._id}/stock`;
        assert.equal((await moveStock(t, part._id, 7)).available, 12);
        assert.equal((await moveStock(t, part._id, -2)).available, 10);
        const below = await t.inject({ method: 'POST', url, payload: { add: -11 } }, admin);
        assert.equal(below.statusCode, 409);
        assert.equal(errorOf(below).code, 'STOCK_BELOW_ZERO');
        assert.equal(await stockOf(t, part._id), 10);
        assert.equal((await moveStock(t, part._id, -10)).available, 0);
        for (const add of [0, 1.5, '3', null]) {
          const res = await t.inject({ method: 'POST', url, payload: { add } }, admin);
          assert.equal(res.statusCode, 400, String(add));
        }
        const unknown = await t.inject(
          { method: 'POST', url: '/api/parts/00000000-0000-4000-8000-000000000000/stock', payload: { add: 1 } },
          admin,
        );
        assert.equal(unknown.statusCode, 404);
      });

      test('restocks racing orders end with initial − sold + added, exactly', async () => {
        const initial = 40;
        const part = await addPart(t, await t.admin(), { available: initial, price: 1 });
        const buyers = await Promise.all([1, 2, 3].map((i) => t.signUp(`racer${i}-${kind}@admin-ops.test`)));
        const orders = Array.from({ length: 60 }, (_, i) =>
          t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 1) }, buyers[i % buyers.length]),
        );
        const restocks = Array.from({ length: 20 }, () =>
          t.inject({ method: 'POST', url: `/api/parts/${part._id}/stock`, payload: { add: 2 } }, admin),
        );
        const [placed, added] = await Promise.all([Promise.all(orders), Promise.all(restocks)]);
        for (const r of added) assert.equal(r.statusCode, 200, r.body);
        const sold = placed.filter((r) => r.statusCode === 201).length;
        for (const r of placed) assert.ok(r.statusCode === 201 || r.statusCode === 409, r.body);
        assert.ok(sold >= initial, `at least the initial stock sold (${sold})`);
        assert.equal(await stockOf(t, part._id), initial - sold + 20 * 2);
      });

      test('lowStock=true lists the parts with fewer units than their minimum order', async () => {
        const low = await addPart(t, await t.admin(), { available: 2, minimunOrder: 5, name: 'Lowstock gasket' });
        const fine = await addPart(t, await t.admin(), { available: 5, minimunOrder: 5, name: 'Plenty gasket' });
        const { items, total } = await walk<Part>('/api/parts?limit=50&lowStock=true');
        const ids = items.map((p) => p._id);
        assert.ok(ids.includes(low._id));
        assert.ok(!ids.includes(fine._id));
        assert.ok(items.every((p) => p.available < p.minimunOrder));
        assert.equal(total, items.length);
        await moveStock(t, low._id, 3);
        assert.ok(!(await walk<Part>('/api/parts?limit=50&lowStock=true')).items.some((p) => p._id === low._id));
      });
    });

    describe('orders list, search and export', () => {
      let part: Part;
      let other: TestUser;
      before(async () => {
        part = await addPart(t, await t.admin(), { available: 1000, price: 2.5, name: 'Turbo =cmd| hose' });
        other = await t.signUp('carol@elsewhere.test', 'Carol');
        for (let i = 0; i < 7; i++) await placeOrder(t, customer, part._id, 1 + i);
        const nasty = await t.inject(
          {
            method: 'POST',
            url: '/api/order',
            payload: { ...orderBody(part._id, 2), address: '12 "Quoted" Rd, Apt 4\nSecond line', phone: '+1 555 0199' },
          },
          other,
        );
        assert.equal(nasty.statusCode, 201, nasty.body);
        const paid = await placeOrder(t, other, part._id, 3);
        const { confirm } = await payWithSandbox(t, other, paid._id, TEST_CARDS.visa);
        assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
        const shipped = await placeOrder(t, other, part._id, 4);
        assert.equal((await payWithSandbox(t, other, shipped._id)).confirm.status, 200);
        const ship = await t.inject(
          { method: 'PUT', url: `/api/orders/${shipped._id}`, payload: { status: 'shipped' } },
          admin,
        );
        assert.equal(ship.statusCode, 200, ship.body);
      });

      test('without limit the whole list, as before; with it pages newest first, each order once', async () => {
        const whole = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json() as Order[];
        const { items, total, pages } = await walk<Order>('/api/orders?limit=3');
        assert.equal(total, whole.length);
        assert.equal(items.length, whole.length);
        assert.equal(pages, Math.ceil(whole.length / 3));
        assert.deepEqual(
          items.map((o) => o._id),
          [...whole].reverse().map((o) => o._id),
        );
      });

      test('status and q filter; the total follows the filter', async () => {
        const shipped = await walk<Order>('/api/orders?limit=2&status=shipped');
        assert.deepEqual([shipped.total, shipped.items.length], [1, 1]);
        assert.equal(shipped.items[0]!.status, 'shipped');
        const paid = await walk<Order>('/api/orders?limit=2&status=paid');
        assert.ok(paid.items.every((o) => o.payment && o.status === null));
        assert.equal(paid.items.length, 1);
        const unpaid = await walk<Order>('/api/orders?limit=2&status=unpaid');
        assert.ok(unpaid.items.every((o) => !o.payment));
        const carol = await walk<Order>('/api/orders?limit=2&q=ELSEWHERE');
        assert.deepEqual([carol.total, carol.items.length], [3, 3]);
        assert.ok(carol.items.every((o) => o.email === other.email));
        const byPart = await walk<Order>(`/api/orders?limit=50&q=${encodeURIComponent('turbo =cmd')}`);
        assert.equal(byPart.total, 10);
        const wildcard = await walk<Order>('/api/orders?limit=50&q=%25');
        assert.equal(wildcard.total, 0, 'a % is a character, not a wildcard');
        const filteredWhole = (await t.inject({ method: 'GET', url: '/api/orders?status=shipped' }, admin)).json();
        assert.equal(filteredWhole.length, 1);
      });

      test('a cursor of another filter, a bad status, or a cursor without limit is 400', async () => {
        const first = await t.inject({ method: 'GET', url: '/api/orders?limit=1&status=unpaid' }, admin);
        const cursor = new URL(nextLink(first)!, 'http://x').searchParams.get('cursor')!;
        for (const url of [
          `/api/orders?limit=1&status=paid&cursor=${cursor}`,
          `/api/orders?cursor=${cursor}`,
          '/api/orders?limit=1&status=expired',
          '/api/orders?limit=0',
        ]) {
          assert.equal((await t.inject({ method: 'GET', url }, admin)).statusCode, 400, url);
        }
      });

      test('the CSV export: one row per order, RFC 4180, formulas neutralised, same filters', async () => {
        const res = await t.inject({ method: 'GET', url: '/api/orders/export.csv' }, admin);
        assert.equal(res.statusCode, 200, res.body);
        assert.match(String(res.headers['content-type']), /^text\/csv/);
        assert.match(
          String(res.headers['content-disposition']),
          /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        assert.match(res.body, /\r\n/);
        const records = parse(res.body, { columns: true }) as Record<string, string>[];
        const whole = (await t.inject({ method: 'GET', url: '/api/orders' }, admin)).json() as Order[];
        assert.equal(records.length, whole.length);
        assert.deepEqual(Object.keys(records[0]!), [
          'Order id',
          'Created',
          'Customer e-mail',
          'Phone',
          'Address',
          'Part',
          'Part number',
          'Quantity',
          'Unit price',
          'Total',
          'Paid at',
          'Payment id',
          'Shipped at',
          'Shipping method',
          'Weight (g)',
          'Shipping',
          'Net',
          'Tax',
          'Gross',
        ]);
        const byId = new Map(records.map((r) => [r['Order id'], r]));
        for (const o of whole) {
          const row = byId.get(o._id)!;
          assert.ok(row, o._id);
          assert.equal(row['Customer e-mail'], o.email);
          assert.equal(row.Address, o.address, 'the address survives the round trip');
          assert.equal(Number(row.Quantity), o.quantity);
          assert.equal(row['Part number'], o.partNumber ?? '', 'the number copied at placement');
          assert.equal(Number(row['Unit price']), o.unitPrice);
          assert.equal(Number(row.Total), o.price);
          // Issue 29: net, tax and gross, the gross being what was paid.
          assert.deepEqual([Number(row.Net), Number(row.Tax), Number(row.Gross)], [o.net, o.tax.total, o.gross]);
          assert.equal(o.gross, o.price);
          assert.equal(row['Payment id'], o.paymentId ?? '');
          assert.equal(row['Paid at'] !== '', o.paidAt !== null);
          assert.equal(row['Shipped at'] !== '', o.shippedAt !== null);
          assert.equal(row.Created, o.createdAt.replace(/\.\d{3}Z$/, 'Z'));
        }
        assert.ok(records.some((r) => r.Address === '12 "Quoted" Rd, Apt 4\nSecond line'));
        // '+1 555…' and a name starting with '=' would run as formulas in a spreadsheet.
        assert.ok(
          records.every((r) => r.Phone?.startsWith("'+")),
          'phones are neutralised',
        );
        const shipped = parse(
          (await t.inject({ method: 'GET', url: '/api/orders/export.csv?status=shipped' }, admin)).body,
          { columns: true },
        ) as Record<string, string>[];
        assert.equal(shipped.length, 1);
        const none = (await t.inject({ method: 'GET', url: '/api/orders/export.csv?q=nobody-at-all' }, admin)).body;
        assert.equal(parse(none).length, 1, 'only the header');
      });

      test('cells that start with =, +, - or @ are prefixed with a quote', async () => {
        const evil = await addPart(t, await t.admin(), { available: 10, name: '=HYPERLINK("http://evil")' });
        await placeOrder(t, customer, evil._id, 1);
        for (const name of ['@SUM(A1)', '-2+3', '+cmd']) {
          const p = await addPart(t, await t.admin(), { available: 10, name });
          await placeOrder(t, customer, p._id, 1);
        }
        const rows = parse((await t.inject({ method: 'GET', url: '/api/orders/export.csv' }, admin)).body, {
          columns: true,
        }) as Record<string, string>[];
        const parts = rows.map((r) => r.Part);
        for (const name of ['=HYPERLINK("http://evil")', '@SUM(A1)', '-2+3', '+cmd'])
          assert.ok(parts.includes(`'${name}`), name);
        assert.ok(rows.every((r) => !/^[=+\-@]/.test(Object.values(r).join(''))));
      });
    });

    describe('users list', () => {
      test('pages newest first and searches name or e-mail', async () => {
        for (const n of ['Zed Alpha', 'Zed Beta', 'Quinn Gamma'])
          await t.signUp(`${n.split(' ')[1]!.toLowerCase()}@people.test`, n);
        const whole = (await t.inject({ method: 'GET', url: '/api/all-user' }, admin)).json() as User[];
        const { items, total } = await walk<User>('/api/all-user?limit=2');
        assert.equal(total, whole.length);
        assert.deepEqual(
          items.map((u) => u.email),
          [...whole].reverse().map((u) => u.email),
        );
        const zed = await walk<User>('/api/all-user?limit=1&q=zed');
        assert.deepEqual(zed.items.map((u) => u.name).sort(), ['Zed Alpha', 'Zed Beta']);
        assert.equal(zed.total, 2);
        const byMail = await walk<User>('/api/all-user?limit=10&q=GAMMA@PEOPLE');
        assert.deepEqual(
          byMail.items.map((u) => u.name),
          ['Quinn Gamma'],
        );
      });
    });

    describe('contact inbox', () => {
      test('lists newest first, filters open ones, marks handled and open again', async () => {
        const sent: string[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await t.inject({
            method: 'POST',
            url: '/api/contact',
            payload: { email: `writer${i}@mail.test`, subject: `Subject ${i}`, message: `Hello ${i}\nline two` },
          });
          assert.equal(res.statusCode, 201, res.body);
          sent.push(res.json()._id);
        }
        const open = await walk<ContactMessage>('/api/contact?handled=false&limit=2');
        assert.equal(open.total, 5);
        assert.deepEqual(
          open.items.map((m) => m._id),
          [...sent].reverse(),
        );
        assert.deepEqual(Object.keys(open.items[0]!), [
          '_id',
          'email',
          'subject',
          'message',
          'createdAt',
          'handled',
          'handledAt',
        ]);
        const handled = await t.inject(
          { method: 'PUT', url: `/api/contact/${sent[1]}`, payload: { handled: true } },
          admin,
        );
        assert.equal(handled.statusCode, 200, handled.body);
        assert.equal(handled.json().handled, true);
        assert.ok(handled.json().handledAt);
        const stillOpen = await t.inject({ method: 'GET', url: '/api/contact?handled=false&limit=1' }, admin);
        assert.equal(stillOpen.headers['x-total-count'], '4');
        const done = await walk<ContactMessage>('/api/contact?handled=true');
        assert.deepEqual(
          done.items.map((m) => m._id),
          [sent[1]],
        );
        const reopened = await t.inject(
          { method: 'PUT', url: `/api/contact/${sent[1]}`, payload: { handled: false } },
          admin,
        );
        assert.deepEqual([reopened.json().handled, reopened.json().handledAt], [false, null]);
        const unknown = await t.inject(
          { method: 'PUT', url: '/api/contact/00000000-0000-4000-8000-000000000000', payload: { handled: true } },
          admin,
        );
        assert.equal(unknown.statusCode, 404);
        const bad = await t.inject(
          { method: 'PUT', url: `/api/contact/${sent[0]}`, payload: { handled: 'yes' } },
          admin,
        );
        assert.equal(bad.statusCode, 400);
        for (const as of [null, customer]) {
          assert.equal((await t.inject({ method: 'GET', url: '/api/contact' }, as)).statusCode, as ? 403 : 401);
        }
      });
    });
  });
}

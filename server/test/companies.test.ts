import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Company, MyCompany, Order } from '@torque/contract';
import { addPart, orderBody } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 30 (PRODUCT.md "Companies"): shop admins create companies, attach accounts with a role
 * and grant terms; a person belongs to at most one company; orders remember the buyer's company.
 */
for (const kind of databaseKinds()) {
  describe(`companies (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let kim: TestUser;
    let lee: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      kim = await t.signUp('kim@fleet.test', 'Kim');
      lee = await t.signUp('lee@fleet.test', 'Lee');
    });
    after(() => t.close());

    const create = async (payload: Record<string, unknown>): Promise<Company> => {
      const res = await t.inject({ method: 'POST', url: '/api/companies', payload }, admin);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const attach = (companyId: string, email: string, role: string) =>
      t.inject({ method: 'PUT', url: `/api/companies/${companyId}/members/${email}`, payload: { role } }, admin);

    test('a shop admin creates a company, attaches accounts and changes a role', async () => {
      const fleet = await create({ name: '  Northline Fleet ', taxId: 'FR40303265045' });
      assert.equal(fleet.name, 'Northline Fleet');
      assert.equal(fleet.taxId, 'FR40303265045');
      assert.equal(fleet.terms, null);
      assert.deepEqual(fleet.members, []);

      assert.equal((await attach(fleet._id, 'kim@fleet.test', 'admin')).statusCode, 200);
      const res = await attach(fleet._id, 'LEE@fleet.test', 'buyer');
      assert.equal(res.statusCode, 200, res.body);
      const after: Company = res.json();
      assert.deepEqual(
        after.members.map((m) => [m.email, m.name, m.role]),
        [
          ['kim@fleet.test', 'Kim', 'admin'],
          ['lee@fleet.test', 'Lee', 'buyer'],
        ],
      );
      const promoted: Company = (await attach(fleet._id, 'lee@fleet.test', 'admin')).json();
      assert.equal(promoted.members.find((m) => m.email === 'lee@fleet.test')?.role, 'admin');
      await attach(fleet._id, 'lee@fleet.test', 'buyer');

      const mine = await t.inject({ method: 'GET', url: '/api/company' }, lee);
      assert.equal(mine.statusCode, 200, mine.body);
      const seen: MyCompany = mine.json();
      assert.equal(seen._id, fleet._id);
      assert.equal(seen.role, 'buyer');

      const all: Company[] = (await t.inject({ method: 'GET', url: '/api/companies' }, admin)).json();
      assert.ok(all.some((c) => c._id === fleet._id && c.members.length === 2));
      assert.equal((await t.inject({ method: 'GET', url: `/api/companies/${fleet._id}` }, admin)).statusCode, 200);
    });

    test('a person belongs to at most one company (409), unknown accounts and companies are 404', async () => {
      const first = await create({ name: 'First Garage' });
      const second = await create({ name: 'Second Garage' });
      const buyer = await t.signUp('solo@garage.test');
      assert.equal((await attach(first._id, buyer.email, 'buyer')).statusCode, 200);
      const res = await attach(second._id, buyer.email, 'admin');
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'IN_ANOTHER_COMPANY');
      const still: Company = (await t.inject({ method: 'GET', url: `/api/companies/${second._id}` }, admin)).json();
      assert.deepEqual(still.members, []);

      assert.equal((await attach(first._id, 'nobody@garage.test', 'buyer')).statusCode, 404);
      const ghost = '00000000-0000-4000-8000-000000000000';
      assert.equal((await attach(ghost, buyer.email, 'buyer')).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: `/api/companies/${ghost}` }, admin)).statusCode, 404);
    });

    test('terms: both or neither, in dollars; bad input is a 400 that changes nothing', async () => {
      const c = await create({ name: 'Terms Ltd' });
      const put = (payload: Record<string, unknown>) =>
        t.inject({ method: 'PUT', url: `/api/companies/${c._id}/terms`, payload }, admin);
      const ok = await put({ netDays: 30, creditLimit: 5000.5 });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual((ok.json() as Company).terms, { netDays: 30, creditLimit: 5000.5 });
      for (const bad of [
        { netDays: 30, creditLimit: null },
        { netDays: 0, creditLimit: 10 },
        { netDays: 30, creditLimit: -1 },
        { netDays: 30, creditLimit: 1.005 },
        {},
      ]) {
        const res = await put(bad);
        assert.equal(res.statusCode, 400, JSON.stringify(bad));
        assert.equal(errorOf(res).code, 'VALIDATION_FAILED');
      }
      const seen: Company = (await t.inject({ method: 'GET', url: `/api/companies/${c._id}` }, admin)).json();
      assert.deepEqual(seen.terms, { netDays: 30, creditLimit: 5000.5 });
      const off = await put({ netDays: null, creditLimit: null });
      assert.equal((off.json() as Company).terms, null);
    });

    test('who may call: anonymous 401, a buyer 403 on shop-admin routes, 404 on /api/company without one', async () => {
      const c = await create({ name: 'Guarded Co' });
      for (const [method, url, payload] of [
        ['GET', '/api/companies', undefined],
        ['POST', '/api/companies', { name: 'X' }],
        ['GET', `/api/companies/${c._id}`, undefined],
        ['PUT', `/api/companies/${c._id}/members/kim@fleet.test`, { role: 'admin' }],
        ['PUT', `/api/companies/${c._id}/terms`, { netDays: 30, creditLimit: 1 }],
      ] as const) {
        assert.equal((await t.inject({ method, url, payload }, null)).statusCode, 401, `${method} ${url}`);
        assert.equal((await t.inject({ method, url, payload }, kim)).statusCode, 403, `${method} ${url}`);
      }
      assert.equal((await t.inject({ method: 'GET', url: '/api/company' }, null)).statusCode, 401);
      const loner = await t.signUp('loner@nowhere.test');
      assert.equal((await t.inject({ method: 'GET', url: '/api/company' }, loner)).statusCode, 404);
    });

    test("an order remembers the buyer's company when it was placed", async () => {
      const c = await create({ name: 'Order Co' });
      const buyer = await t.signUp('orders@orderco.test');
      const part = await addPart(t, admin, { name: 'Company Pad', minimunOrder: 1, available: 50, price: 10 });
      assert.equal((await attach(c._id, buyer.email, 'buyer')).statusCode, 200);
      const res = await t.inject({ method: 'POST', url: '/api/order', payload: orderBody(part._id, 2) }, buyer);
      assert.equal(res.statusCode, 201, res.body);
      const order: Order = res.json();
      const { rows } = await t.db.database.db.execute<{ company_id: string | null }>(
        sql`select company_id from orders where id = ${order._id}`,
      );
      assert.equal(rows[0]?.company_id, c._id);
    });
  });
}

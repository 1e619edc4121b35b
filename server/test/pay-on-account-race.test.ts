import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { CompanyCredit } from '@torque/contract';
import {
  addPart,
  type ApiUser,
  call,
  createScratchDatabase,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
} from '@torque/testkit';

/**
 * On-account checkouts of one company racing through two server processes on one PostgreSQL
 * (issue 30, PRODUCT.md §26): each takes the company's advisory lock in the transaction that
 * places it and checks the open balance there, so however the requests interleave, the company
 * never owes more than its credit limit. Ten buyers order $30 each against a $100 limit at once:
 * exactly three are placed, the others are 409 CREDIT_LIMIT and took no stock.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl ? false : 'set TEST_DATABASE_URL to run two instances on one PostgreSQL';
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@account-race.test`;
const BUYERS = 10;

describe('pay on account: concurrent checkouts of one company through two server processes', { skip }, () => {
  let database: ScratchDatabase;
  const servers: ServerProcess[] = [];
  let buyers: ApiUser[];

  before(async () => {
    database = await createScratchDatabase(serverUrl!, { label: 'account_race' });
    const env = { DATABASE_URL: database.url, ADMIN_EMAILS: ADMIN, RATE_LIMIT_SCALE: '100', ORDER_HOLD_MINUTES: '60' };
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => signUp(servers[i % 2]!.url, `b${i}-${run}@account-race.test`)),
    );
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  test(`${BUYERS} buyers, $30 each, a $100 limit: exactly three placed`, async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const admin = await signUp(a, ADMIN);
    const company = await call<{ _id: string }>(a, 'POST', '/api/companies', {
      token: admin.token,
      body: { name: 'Race Fleet' },
    });
    assert.equal(company.status, 201);
    for (const buyer of buyers) {
      const res = await call(a, 'PUT', `/api/companies/${company.body._id}/members/${buyer.email}`, {
        token: admin.token,
        body: { role: 'buyer' },
      });
      assert.equal(res.status, 200);
    }
    const terms = await call(b, 'PUT', `/api/companies/${company.body._id}/terms`, {
      token: admin.token,
      body: { netDays: 30, creditLimit: 100 },
    });
    assert.equal(terms.status, 200);
    const part = await addPart(a, admin, { available: 100, price: 30 });
    for (const [i, buyer] of buyers.entries()) {
      const cart = await call(i % 2 ? a : b, 'PUT', '/api/cart', {
        token: buyer.token,
        body: { lines: [{ partId: part._id, quantity: 1 }] },
      });
      assert.equal(cart.status, 200);
    }

    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        call<{ error?: { code: string } }>(i % 2 ? a : b, 'POST', '/api/checkout', {
          token: buyer.token,
          body: { phone: '555', address: '1 Race Way', paymentMethod: 'account' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 201).length, 3, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 409).length, BUYERS - 3, JSON.stringify(statuses));
    for (const r of answers.filter((x) => x.status === 409)) assert.equal(r.body.error?.code, 'CREDIT_LIMIT');

    const credit = await call<CompanyCredit>(b, 'GET', '/api/company/credit', { token: buyers[0]!.token });
    assert.deepEqual(credit.body, { netDays: 30, creditLimit: 100, openBalance: 90, available: 10 });
    const [stock] = await database.query<{ available: number }>(`select available from parts where id = '${part._id}'`);
    assert.equal(stock!.available, 97, 'only the placed orders took stock');
    const numbers = await database.query<{ n: number }>(
      `select count(distinct invoice_number)::integer as n from orders where payment_method = 'account'`,
    );
    assert.equal(numbers[0]!.n, 3, 'each placed order has its own invoice number');
  });
});

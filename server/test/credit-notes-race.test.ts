import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import {
  addPart,
  call,
  createScratchDatabase,
  payWithSandbox,
  placeOrder,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
} from '@torque/testkit';

/**
 * Refunds racing through two server processes on one PostgreSQL (issue 29): every order is
 * refunded by both instances at once. Each order is refunded once (one credit note, its units
 * back once) and the credit notes take consecutive numbers, CN-YYYY-000001 onwards, with no gap
 * and no duplicate (modules/invoices/invoices-repository.ts: the counter is taken in the refund's
 * own statement).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl ? false : 'set TEST_DATABASE_URL to run two instances on one PostgreSQL';
const run = randomBytes(4).toString('hex');
const ADMIN = `admin-${run}@credit-race.test`;
const ORDERS = 12;

describe('credit notes: concurrent refunds through two server processes on one PostgreSQL', { skip }, () => {
  let database: ScratchDatabase;
  const servers: ServerProcess[] = [];

  before(async () => {
    database = await createScratchDatabase(serverUrl!, { label: 'credit_race' });
    const env = { DATABASE_URL: database.url, ADMIN_EMAILS: ADMIN, RATE_LIMIT_SCALE: '100', ORDER_HOLD_MINUTES: '60' };
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  test(`${ORDERS} paid orders, each refunded by both instances at once`, async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const admin = await signUp(a, ADMIN);
    const buyer = await signUp(b, `buyer-${run}@credit-race.test`);
    const part = await addPart(a, admin, { available: ORDERS * 2, price: 7 });
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const order = await placeOrder(i % 2 ? a : b, buyer, part._id, 2);
      const { confirm } = await payWithSandbox(i % 2 ? a : b, buyer, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      orders.push(confirm.body.order);
    }

    const answers = await Promise.all(
      orders.flatMap((o) =>
        [a, b].map((url) => call<Order>(url, 'POST', `/api/order/${o._id}/refund`, { token: admin.token })),
      ),
    );
    for (const res of answers) assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const o of orders) {
      const both = answers.filter((r) => r.body._id === o._id).map((r) => r.body.creditNotes);
      assert.equal(both.length, 2);
      assert.deepEqual(both[0], both[1], 'both instances answer the same credit note');
      assert.equal(both[0]!.length, 1);
    }

    const rows = await database.query<{ number: string; order_id: string }>(
      'select number, order_id::text from credit_notes order by number',
    );
    const year = new Date().getUTCFullYear();
    assert.deepEqual(
      rows.map((r) => r.number),
      Array.from({ length: ORDERS }, (_, i) => `CN-${year}-${String(i + 1).padStart(6, '0')}`),
      'consecutive numbers, none missing, none twice',
    );
    assert.equal(new Set(rows.map((r) => r.order_id)).size, ORDERS, 'one credit note per order');
    const [stock] = await database.query<{ available: number }>('select available from parts where id = $1', [
      part._id,
    ]);
    assert.equal(stock!.available, ORDERS * 2, 'every unit back, once');
    const intents = await database.query<{ status: string }>('select distinct status from sandbox_payment_intents');
    assert.deepEqual(
      intents.map((r) => r.status),
      ['refunded'],
    );
  });
});

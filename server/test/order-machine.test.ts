import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { addPart } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import type { OrderEvent } from '../src/modules/orders/order-events.ts';
import type { TransitionResult } from '../src/modules/orders/order-machine.ts';
import {
  allows,
  ORDER_EVENT_TYPES,
  ORDER_STATES,
  stateOf,
  stateSql,
  TRANSITIONS,
  type OrderState,
  type TransitionName,
} from '../src/modules/orders/order-states.ts';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The order state machine at unit level (modules/orders/order-machine.ts), on a real database:
 * every transition from every state. A transition the table (order-states.ts) allows changes the
 * order as it says, moves stock as it says and emits exactly one event; any other changes nothing
 * and emits nothing, and answers the state that refused it. Races and replays change an order
 * once and emit once. The same transitions through HTTP: order-lifecycle.test.ts.
 */
type Row = Record<string, unknown>;

/** The states an order can be arranged in, one per starting point (refunded twice: after expiry and after payment). */
const STARTS = ['placed', 'paid', 'shipped', 'expired', 'refunded-late', 'refunded-paid', 'cancelled'] as const;
type Start = (typeof STARTS)[number];
const stateOfStart = (start: Start): OrderState | null =>
  start === 'cancelled' ? null : start.startsWith('refunded') ? 'refunded' : (start as OrderState);

/** Every single-order transition the machine has (placing and the batch expiry are tested apart). */
// settle (issue 30) starts from an order on account: test/pay-on-account.test.ts runs it from every state.
const SINGLE: Exclude<TransitionName, 'place' | 'settle'>[] = [
  'pay',
  'revive',
  'ship',
  'cancel',
  'expire',
  'refundLate',
  'refund',
];

const paymentIdOf = () => `pi_machine_${randomBytes(8).toString('hex')}`;

for (const kind of databaseKinds()) {
  describe(`the order state machine (${kind})`, () => {
    let t: TestApp;
    let customer: TestUser;
    let partId: string;
    const seen: OrderEvent[] = [];

    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '60' } });
      customer = await t.signUp('machine@torque.test');
      partId = (await addPart(t, await t.admin(), { available: 100_000, price: 3 }))._id;
      t.app.orders.events.on(ORDER_EVENT_TYPES, (event) => void seen.push(event));
    });
    beforeEach(() => void (seen.length = 0));
    after(() => t.close());

    const machine = () => t.app.orders.machine;
    /** The unit price of the parts here (price 3, no breaks), as the service passes it. */
    const priced = { unitPriceCents: 300, listPriceCents: 300, priceBreaks: [] };
    const rows = async (text: string): Promise<Row[]> =>
      ((await t.db.database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
    const orderRow = async (id: string): Promise<Row | undefined> =>
      (await rows(`select *, ${stateSql('orders')} as state from orders where id = '${id}'`))[0];
    const stock = async (): Promise<number> =>
      Number((await rows(`select available from parts where id = '${partId}'`))[0]!.available);

    async function place(quantity = 2): Promise<string> {
      const event = await machine().place({
        partId,
        quantity,
        userId: customer.id,
        email: customer.email,
        phone: '555',
        address: '1 Machine Road',
        ...priced,
      });
      assert.ok(event, 'placed');
      return event.orderId;
    }

    /** An order in `start`, brought there by the machine's own transitions (each tested below). */
    async function arrange(start: Start): Promise<string> {
      const id = await place();
      const payment = paymentIdOf();
      const expect = async (result: Promise<TransitionResult>) => assert.equal((await result).kind, 'changed');
      if (start === 'paid' || start === 'shipped' || start === 'refunded-paid')
        await expect(machine().pay(id, payment));
      if (start === 'shipped') await expect(machine().ship(id));
      if (start === 'refunded-paid') await expect(machine().refund(id));
      if (start === 'expired' || start === 'refunded-late') {
        await endHold(t, id);
        assert.deepEqual(
          (await machine().expireDue(200)).map((e) => e.orderId),
          [id],
        );
      }
      if (start === 'refunded-late') await expect(machine().refundLate(id, payment));
      if (start === 'cancelled') await expect(machine().cancel(id));
      seen.length = 0;
      return id;
    }

    /** Runs `name` on order `id` (for `expire`, the one-order expiry of an order whose hold ended with an intent). */
    async function run(name: (typeof SINGLE)[number], id: string): Promise<TransitionResult> {
      if (name === 'expire') {
        const intent = `pi_expire_${randomBytes(8).toString('hex')}`;
        await rows(
          `update orders set payment_intent_id = '${intent}', pay_by = now() - interval '1 second' where id = '${id}'`,
        );
        return machine().expireOne(id, intent);
      }
      if (name === 'pay' || name === 'revive' || name === 'refundLate') return machine()[name](id, paymentIdOf());
      return machine()[name](id);
    }

    /** Units the transition gives back (+) or takes (−) from the part, by the table. */
    function stockDelta(name: (typeof SINGLE)[number], from: OrderState, quantity: number): number {
      const move = TRANSITIONS[name].stock;
      if (move === 'taken') return -quantity;
      if (move === 'returned' && (from === 'placed' || from === 'paid')) return quantity;
      return 0;
    }

    test('the states as SQL and as TypeScript agree, and exactly one holds for every order', async () => {
      for (const start of STARTS.filter((s) => s !== 'cancelled')) {
        const row = (await orderRow(await arrange(start)))!;
        const facts = {
          paidAt: row.paid_at as string | null,
          shippedAt: row.shipped_at as string | null,
          expiredAt: row.expired_at as string | null,
          refundedAt: row.refunded_at as string | null,
        };
        assert.equal(row.state, stateOfStart(start), `${start} in SQL`);
        assert.equal(stateOf(facts), row.state, `${start}: TypeScript and SQL`);
      }
      assert.equal(new Set(ORDER_STATES).size, 5);
    });

    for (const name of SINGLE) {
      for (const start of STARTS) {
        const from = stateOfStart(start);
        const allowed = from !== null && allows(name, from);
        test(`${name} from ${start}: ${allowed ? 'changes it once, one event' : 'refused, nothing changes, no event'}`, async () => {
          const id = await arrange(start);
          const before = await orderRow(id);
          const stockBefore = await stock();
          const result = await run(name, id);
          const now = await orderRow(id);

          if (from === null) {
            assert.equal(result.kind, 'missing');
            assert.equal(seen.length, 0);
            return;
          }
          if (!allowed) {
            assert.equal(result.kind, 'refused');
            assert.equal(result.kind === 'refused' && result.state, from, 'answers the state that refused it');
            const { payment_intent_id: _a, pay_by: _b, ...unchanged } = before!;
            const { payment_intent_id: _c, pay_by: _d, ...after } = now!;
            assert.deepEqual(after, unchanged, 'the order is untouched');
            assert.equal(await stock(), stockBefore, 'stock is untouched');
            assert.equal(seen.length, 0, 'no event');
            return;
          }
          assert.equal(result.kind, 'changed');
          const { to, event } = TRANSITIONS[name];
          if (to === 'cancelled') assert.equal(now, undefined, 'deleted');
          else assert.equal(now?.state, to);
          assert.equal(seen.length, 1, 'exactly one event');
          assert.equal(seen[0]!.type, event);
          assert.equal(seen[0]!.orderId, id);
          assert.equal(seen[0]!.from, from);
          assert.equal(await stock(), stockBefore + stockDelta(name, from, 2));
          assert.equal(seen[0]!.stock === null, stockDelta(name, from, 2) === 0, 'the event says whether stock moved');
          assert.equal(JSON.parse(seen[0]!.json)._id, id, "the event carries the order's JSON");
        });
      }
    }

    test('place takes the units and emits placed; a refused place emits nothing', async () => {
      const before = await stock();
      await place(3);
      assert.deepEqual(
        seen.map((e) => [e.type, e.from, e.stock]),
        [['placed', null, 'taken']],
      );
      assert.equal(await stock(), before - 3);
      seen.length = 0;
      const refused = await machine().place({
        partId,
        quantity: 1_000_000,
        userId: customer.id,
        email: customer.email,
        phone: '555',
        address: 'x',
        ...priced,
      });
      assert.equal(refused, undefined);
      assert.equal(seen.length, 0);
      assert.equal(await stock(), before - 3);
    });

    test('revive from expired is refused while the part has too few units, and then refundLate applies', async () => {
      const small = (await addPart(t, await t.admin(), { available: 2, price: 3 }))._id;
      const event = await machine().place({
        partId: small,
        quantity: 2,
        userId: customer.id,
        email: customer.email,
        phone: '555',
        address: 'x',
        ...priced,
      });
      await endHold(t, event!.orderId);
      await machine().expireDue(200);
      await rows(`update parts set available = 1 where id = '${small}'`);
      seen.length = 0;
      const revived = await machine().revive(event!.orderId, paymentIdOf());
      assert.equal(revived.kind === 'refused' && revived.state, 'expired');
      assert.equal(seen.length, 0);
      const refunded = await machine().refundLate(event!.orderId, paymentIdOf());
      assert.equal(refunded.kind, 'changed');
      assert.deepEqual(
        seen.map((e) => e.type),
        ['refunded'],
      );
    });

    test('paid → refunded (no route yet) gives the units back, and a refunded order can neither ship nor be cancelled', async () => {
      const id = await arrange('paid');
      const before = await stock();
      assert.equal((await machine().refund(id)).kind, 'changed');
      assert.equal(await stock(), before + 2);
      const row = (await orderRow(id))!;
      assert.ok(row.paid_at, 'it stays a paid order, with its refund');
      assert.ok(row.refunded_at);
      assert.equal((await machine().refund(id)).kind, 'refused', 'once');
      assert.equal((await machine().ship(id)).kind, 'refused');
      assert.equal((await machine().cancel(id)).kind, 'refused');
      assert.deepEqual(
        seen.map((e) => [e.type, e.from, e.stock]),
        [['refunded', 'paid', 'returned']],
      );
    });

    test('ten confirmations of one payment at once: paid once, one event, one e-mail, one invoice number', async () => {
      const id = await place();
      const payment = paymentIdOf();
      const counter = async () =>
        Number((await rows(`select coalesce(max(last_number), 0) as n from invoice_counters`))[0]!.n);
      const numberBefore = await counter();
      seen.length = 0;
      const results = await Promise.all(Array.from({ length: 10 }, () => machine().pay(id, payment)));
      assert.equal(results.filter((r) => r.kind === 'changed').length, 1);
      for (const r of results) if (r.kind === 'refused') assert.equal(r.state, 'paid');
      assert.deepEqual(
        seen.map((e) => e.type),
        ['paid'],
      );
      assert.equal(await counter(), numberBefore + 1, 'one number taken');
      const mails = await rows(`select count(*)::int as n from mail_outbox where payload->>'orderId' = '${id}'`);
      assert.equal(mails[0]!.n, 2, 'order-placed and payment-received, once each');
      const records = await rows(`select count(*)::int as n from payments where order_id = '${id}'`);
      assert.equal(records[0]!.n, 1);
    });

    test('cancel racing pay and ship racing ship: one of each race changes the order, one event each', async () => {
      const raced = await place();
      seen.length = 0;
      const [cancelled, paid] = await Promise.all([machine().cancel(raced), machine().pay(raced, paymentIdOf())]);
      assert.equal([cancelled, paid].filter((r) => r.kind === 'changed').length, 1);
      assert.equal(seen.length, 1);
      seen.length = 0;

      const shipped = await arrange('paid');
      const ships = await Promise.all(Array.from({ length: 5 }, () => machine().ship(shipped)));
      assert.equal(ships.filter((r) => r.kind === 'changed').length, 1);
      assert.deepEqual(
        seen.map((e) => [e.type, e.orderId]),
        [['shipped', shipped]],
      );
    });

    test('three sweeps expiring the same due orders at once: every order expires once, one event each', async () => {
      const ids = await Promise.all(Array.from({ length: 30 }, () => place(1)));
      for (const id of ids) await endHold(t, id);
      const before = await stock();
      seen.length = 0;
      const runs = await Promise.all([machine().expireDue(200), machine().expireDue(200), machine().expireDue(200)]);
      const expired = runs.flat().map((e) => e.orderId);
      assert.equal(expired.length, 30);
      assert.deepEqual(new Set(expired), new Set(ids));
      assert.equal(seen.filter((e) => e.type === 'expired').length, 30);
      assert.equal(await stock(), before + 30);
    });

    test('a subscriber that throws is logged and neither undoes nor fails the change', async () => {
      let called = 0;
      t.app.orders.events.on('shipped', () => {
        called++;
        throw new Error('a broken subscriber');
      });
      const id = await arrange('paid');
      assert.equal((await machine().ship(id)).kind, 'changed');
      assert.equal(called, 1);
      assert.equal((await orderRow(id))!.state, 'shipped');
    });

    test('an in-statement writer registered after the first transition ran is refused', () => {
      assert.throws(
        () => t.app.orders.events.writeWith('paid', { name: 'late', write: () => 'late as (select 1)' }),
        /after the first order transition ran/,
      );
    });
  });
}

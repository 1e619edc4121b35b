import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import { addPart, payWithSandbox, placeOrder } from '@torque/testkit';
import { eq } from 'drizzle-orm';
import { sandboxPaymentIntents } from '../src/db/schema/index.ts';
import type { OrderEvent } from '../src/modules/orders/order-events.ts';
import { ORDER_EVENT_TYPES } from '../src/modules/orders/order-states.ts';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { endHold } from './helpers/holds.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The order's life cycle through HTTP, on both databases: each transition with a route changes
 * the order and emits exactly one event (replays none); each forbidden one answers its error,
 * changes nothing and emits nothing. The metrics count the events, not the URLs. Every
 * transition from every state at unit level: order-machine.test.ts.
 */
const TOKEN = 'lifecycle-metrics-token-0123456789';

/** Where an order is arranged before a forbidden step; `refunded-paid` has no route yet (issue 29), so the machine makes it. */
type Start = 'placed' | 'paid' | 'shipped' | 'expired' | 'refunded-late' | 'refunded-paid' | 'cancelled';

/** What each route answers from each start where the machine refuses it (absent: the step is allowed from there). */
const FORBIDDEN: Record<'ship' | 'cancel' | 'start paying', Partial<Record<Start, [number, string]>>> = {
  ship: {
    placed: [409, 'NOT_PAID'],
    expired: [409, 'NOT_PAID'],
    shipped: [409, 'ALREADY_SHIPPED'],
    'refunded-late': [409, 'ORDER_REFUNDED'],
    'refunded-paid': [409, 'ORDER_REFUNDED'],
    cancelled: [404, 'NOT_FOUND'],
  },
  cancel: {
    paid: [409, 'ORDER_PAID'],
    shipped: [409, 'ORDER_PAID'],
    'refunded-late': [409, 'ORDER_REFUNDED'],
    'refunded-paid': [409, 'ORDER_REFUNDED'],
    cancelled: [404, 'NOT_FOUND'],
  },
  'start paying': {
    paid: [409, 'ORDER_PAID'],
    shipped: [409, 'ORDER_PAID'],
    expired: [409, 'ORDER_EXPIRED'],
    'refunded-late': [409, 'ORDER_EXPIRED'],
    'refunded-paid': [409, 'ORDER_PAID'],
    cancelled: [404, 'NOT_FOUND'],
  },
};

for (const kind of databaseKinds()) {
  describe(`the order life cycle through HTTP (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    let bob: TestUser;
    let partId: string;
    const seen: OrderEvent[] = [];

    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '60', METRICS_TOKEN: TOKEN } });
      admin = await t.admin();
      alice = await t.signUp('alice-lifecycle@torque.test');
      bob = await t.signUp('bob-lifecycle@torque.test');
      partId = (await addPart(t, admin, { available: 10_000, price: 2.5 }))._id;
      t.app.orders.events.on(ORDER_EVENT_TYPES, (event) => void seen.push(event));
    });
    beforeEach(() => void (seen.length = 0));
    after(() => t.close());

    const events = () => seen.map((e) => `${e.type}:${e.from ?? 'new'}`);
    const getOrder = (id: string) => t.inject({ method: 'GET', url: `/api/order/${id}` }, alice);
    const ship = (id: string) =>
      t.inject({ method: 'PUT', url: `/api/orders/${id}`, payload: { status: 'shipped' } }, admin);
    const cancel = (id: string) => t.inject({ method: 'DELETE', url: `/api/order/${id}` }, alice);
    const startPaying = (id: string) =>
      t.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: id } }, alice);
    const put = (id: string, paymentId: string) =>
      t.inject({ method: 'PUT', url: `/api/order/${id}`, payload: { payment: true, paymentId } }, alice);
    const sweep = () => t.app.sweepHolds();
    async function counted(event: string): Promise<number> {
      const res = await t.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const line = res.body.split('\n').find((l) => l.startsWith(`torque_orders_total{event="${event}"} `));
      return Number(line?.split(' ')[1]);
    }
    /** The sandbox intent for an order (the card form not used yet). */
    async function intentOf(orderId: string): Promise<string> {
      const intent = await startPaying(orderId);
      assert.equal(intent.statusCode, 200, intent.body);
      const secret = (intent.json() as { clientSecret: string }).clientSecret;
      const [row] = await t.db.database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, secret));
      return row!.id;
    }
    /** The processor charged it anyway (the cancel never reached it), and the confirmation arrives late. */
    const chargeBehindOurBack = (intentId: string) =>
      t.db.database.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.id, intentId));
    async function expire(orderId: string): Promise<void> {
      await endHold(t, orderId);
      await sweep();
    }

    /** An order of Alice's in `start`, brought there through the API (and the machine where no route exists). */
    async function arrange(start: Start, part = partId, quantity = 1): Promise<string> {
      const { _id: id } = await placeOrder(t, alice, part, quantity);
      if (start === 'paid' || start === 'shipped' || start === 'refunded-paid') {
        assert.equal((await payWithSandbox(t, alice, id)).confirm.status, 200);
      }
      if (start === 'shipped') assert.equal((await ship(id)).statusCode, 200);
      if (start === 'refunded-paid') assert.equal((await t.app.orders.machine.refund(id)).kind, 'changed');
      if (start === 'expired') await expire(id);
      if (start === 'refunded-late') {
        const scarce = (await addPart(t, admin, { available: quantity, price: 2.5 }))._id;
        return arrangeRefundedLate(scarce, quantity);
      }
      if (start === 'cancelled') assert.equal((await cancel(id)).statusCode, 200);
      seen.length = 0;
      return id;
    }
    /** An expired order whose late payment found its units sold to Bob, and was refunded. */
    async function arrangeRefundedLate(scarce: string, quantity: number): Promise<string> {
      const { _id: id } = await placeOrder(t, alice, scarce, quantity);
      const intentId = await intentOf(id);
      await expire(id);
      await placeOrder(t, bob, scarce, quantity);
      await chargeBehindOurBack(intentId);
      const late = await put(id, intentId);
      assert.equal(errorOf(late).code, 'ORDER_EXPIRED');
      seen.length = 0;
      return id;
    }

    test('place: POST /api/order → 201, its units taken, one placed event, counted once', async () => {
      const placed = await counted('placed');
      const before = await stockOf(t, partId);
      const order = await placeOrder(t, alice, partId, 3);
      assert.equal(await stockOf(t, partId), before - 3);
      assert.deepEqual(events(), ['placed:new']);
      assert.equal(seen[0]!.orderId, order._id);
      assert.equal(seen[0]!.stock, 'taken');
      const refused = await t.inject(
        { method: 'POST', url: '/api/order', payload: { partId, quantity: 1_000_000, phone: '1', address: 'x' } },
        alice,
      );
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(events(), ['placed:new'], 'a refused order emits nothing');
      assert.equal(await counted('placed'), placed + 1);
    });

    test('pay: the sandbox confirm pays once (one paid event); replays by PUT /api/order/:id change nothing', async () => {
      const paid = await counted('paid');
      const order = await placeOrder(t, alice, partId);
      seen.length = 0;
      const { confirm } = await payWithSandbox(t, alice, order._id);
      assert.equal(confirm.status, 200);
      const { id: paymentId, order: paidOrder } = confirm.body;
      assert.equal(paidOrder.payment, true);
      assert.deepEqual(events(), ['paid:placed']);
      const replays = await Promise.all(Array.from({ length: 5 }, () => put(order._id, paymentId)));
      for (const r of replays) assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(events(), ['paid:placed'], 'no event for a replay');
      assert.equal(await counted('paid'), paid + 1);
    });

    test('ship: PUT /api/orders/:id → 200 once (one shipped event); the second is 409 ALREADY_SHIPPED', async () => {
      const id = await arrange('paid');
      const shipped = await counted('shipped');
      const [first, second] = await Promise.all([ship(id), ship(id)]);
      assert.deepEqual([first.statusCode, second.statusCode].sort(), [200, 409]);
      assert.equal(errorOf(first.statusCode === 409 ? first : second).code, 'ALREADY_SHIPPED');
      assert.deepEqual(events(), ['shipped:paid']);
      assert.equal(await counted('shipped'), shipped + 1);
    });

    test('cancel: DELETE /api/order/:id → 200 once, units back (one cancelled event); again is 404', async () => {
      const id = await arrange('placed', partId, 4);
      const cancelled = await counted('cancelled');
      const before = await stockOf(t, partId);
      const [first, second] = await Promise.all([cancel(id), cancel(id)]);
      assert.deepEqual([first.statusCode, second.statusCode].sort(), [200, 404]);
      assert.equal(await stockOf(t, partId), before + 4);
      assert.deepEqual(events(), ['cancelled:placed']);
      assert.equal(seen[0]!.stock, 'returned');
      assert.equal(await counted('cancelled'), cancelled + 1);
    });

    test('cancel of an expired order deletes it without giving units back twice', async () => {
      const id = await arrange('expired', partId, 2);
      const before = await stockOf(t, partId);
      assert.equal((await cancel(id)).statusCode, 200);
      assert.equal(await stockOf(t, partId), before);
      assert.deepEqual(events(), ['cancelled:expired']);
      assert.equal(seen[0]!.stock, null);
    });

    test('expire (no route: the sweep): one expired event per order, units back once however often it sweeps', async () => {
      const id = await arrange('placed', partId, 2);
      const expired = await counted('expired');
      const before = await stockOf(t, partId);
      await endHold(t, id);
      await Promise.all([sweep(), sweep()]);
      await sweep();
      assert.equal(await stockOf(t, partId), before + 2);
      assert.deepEqual(events(), ['expired:placed']);
      assert.equal(await counted('expired'), expired + 1);
    });

    test('revive: a late payment by PUT /api/order/:id takes the units again → 200 paid (one paid event from expired)', async () => {
      const { _id: id } = await placeOrder(t, alice, partId, 2);
      const intentId = await intentOf(id);
      await expire(id);
      await chargeBehindOurBack(intentId);
      seen.length = 0;
      const before = await stockOf(t, partId);
      const [late, replay] = await Promise.all([put(id, intentId), put(id, intentId)]);
      assert.equal(late.statusCode, 200, late.body);
      assert.equal(replay.statusCode, 200, replay.body);
      assert.equal((late.json() as Order).payment, true);
      assert.equal(await stockOf(t, partId), before - 2);
      assert.deepEqual(events(), ['paid:expired']);
      assert.equal(seen[0]!.stock, 'taken');
    });

    test('refundLate: a late payment whose units were sold → 409 ORDER_EXPIRED, refunded once (one refunded event)', async () => {
      const refunded = await counted('refunded');
      const scarce = (await addPart(t, admin, { available: 2, price: 2.5 }))._id;
      const id = await arrangeRefundedLate(scarce, 2);
      const order: Order = (await getOrder(id)).json();
      assert.ok(order.refundedAt);
      const [intent] = await t.db.database.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.orderId, id));
      assert.equal(intent!.status, 'refunded', 'the money went back');
      assert.equal(await counted('refunded'), refunded + 1);
      const again = await put(id, intent!.id);
      assert.equal(errorOf(again).code, 'ORDER_EXPIRED');
      const record = await t.inject({ method: 'POST', url: '/api/payment', payload: { paymentId: intent!.id } }, alice);
      assert.equal(record.statusCode, 404, 'a refunded payment has no payment record');
      assert.deepEqual(events(), [], 'a replay refunds (idempotently) but the order does not change again');
    });

    for (const [step, refusals] of Object.entries(FORBIDDEN)) {
      for (const [start, [status, code]] of Object.entries(refusals) as [Start, [number, string]][]) {
        test(`forbidden: ${step} from ${start} → ${status} ${code}, nothing changes, no event`, async () => {
          const id = await arrange(start);
          const before = await getOrder(id);
          const stock = await stockOf(t, partId);
          const run = { ship, cancel, 'start paying': startPaying }[step as keyof typeof FORBIDDEN];
          const res = await run(id);
          assert.equal(res.statusCode, status, res.body);
          assert.equal(errorOf(res).code, code);
          assert.equal((await getOrder(id)).body, before.body, 'the order is as it was');
          assert.equal(await stockOf(t, partId), stock);
          assert.deepEqual(events(), []);
        });
      }
    }

    test('forbidden: paying a paid order with another payment → 409 ALREADY_PAID, no event', async () => {
      const first = await arrange('paid');
      const other = await placeOrder(t, alice, partId);
      const { confirm } = await payWithSandbox(t, alice, other._id);
      seen.length = 0;
      const res = await put(first, confirm.body.id);
      assert.equal(res.statusCode, 409);
      assert.equal(errorOf(res).code, 'ALREADY_PAID');
      assert.deepEqual(events(), []);
    });

    test('the counters are the events: an order placed without any HTTP request is counted', async () => {
      const placed = await counted('placed');
      await t.app.orders.machine.place({
        partId,
        quantity: 1,
        userId: alice.id,
        email: alice.email,
        phone: '1',
        address: 'x',
        unitPriceCents: 250,
        listPriceCents: 250,
        priceBreaks: [],
      });
      assert.equal(await counted('placed'), placed + 1);
    });
  });
}

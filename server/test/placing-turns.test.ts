import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addPart, orderBody } from '@torque/testkit';
import { setCart, stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Placing takes turns (PLACING_CONCURRENCY, orders/order-machine.ts): here one at a time, so
 * every checkout and every `POST /api/order` below queues behind the others. The queue must
 * drain whatever each placing ends in (placed, refused for stock, refused below the minimum),
 * answer every request with its own result and never sell more than there is.
 */
const CONTACT = { phone: '+1 555 0100', address: '1 Main St, Springfield' };
const BUYERS = 12;
const SCARCE = 5;

for (const kind of databaseKinds()) {
  describe(`placing takes turns (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyers: TestUser[];
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { PLACING_CONCURRENCY: '1', ORDER_HOLD_MINUTES: '60' } });
      admin = await t.admin();
      buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => t.signUp(`b${i}@placing-turns.test`)));
    });
    after(() => t.close());

    test('checkouts and one-part orders in one queue: each answered, none oversold, refusals do not stall it', async () => {
      const scarce = await addPart(t, admin, { available: SCARCE, minimunOrder: 1, name: 'Scarce Caliper' });
      const plenty = await addPart(t, admin, { available: 1000, minimunOrder: 1, name: 'Plenty Bolt' });
      for (const buyer of buyers)
        await setCart(t, buyer, [
          { partId: plenty._id, quantity: 2 },
          { partId: scarce._id, quantity: 1 },
        ]);
      // Everyone at once: 12 checkouts of the scarce part and the plentiful one, 6 one-part orders
      // of the scarce part, and 6 one-part orders of more than there is of the plentiful one.
      const burst = Promise.all([
        ...buyers.map((buyer) => t.inject({ method: 'POST', url: '/api/checkout', payload: CONTACT }, buyer)),
        ...buyers
          .slice(0, 6)
          .map((buyer) =>
            t.inject({ method: 'POST', url: '/api/order', payload: orderBody(scarce._id, 1, CONTACT) }, buyer),
          ),
        ...buyers
          .slice(6)
          .map((buyer) =>
            t.inject({ method: 'POST', url: '/api/order', payload: orderBody(plenty._id, 2000, CONTACT) }, buyer),
          ),
      ]);
      // While it runs, the others wait their turn (what the metrics' torque_placing_* gauges read).
      let settled = false;
      void burst.finally(() => (settled = true));
      let mostWaiting = 0;
      while (!settled) {
        const turns = t.app.orders.machine.placingTurns();
        assert.ok(turns.active <= 1, `one at a time, saw ${turns.active}`);
        mostWaiting = Math.max(mostWaiting, turns.waiting);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const answers = await burst;
      // PGlite answers one query at a time, so there the requests mostly reach the turn one by one;
      // on PostgreSQL's pool several get there at once and queue.
      if (kind === 'postgres') assert.ok(mostWaiting >= 1, 'placings queued behind one another');
      assert.deepEqual(t.app.orders.machine.placingTurns(), { active: 0, waiting: 0 });
      for (const res of answers) assert.ok([201, 409].includes(res.statusCode), `${res.statusCode} ${res.body}`);
      const checkouts = answers.slice(0, BUYERS);
      const scarceOrders = answers.slice(BUYERS, BUYERS + 6);
      const tooMany = answers.slice(BUYERS + 6);
      const placed = [...checkouts, ...scarceOrders].filter((res) => res.statusCode === 201).length;
      assert.equal(placed, SCARCE, 'exactly the scarce part’s stock was sold, one unit an order');
      for (const res of tooMany) {
        assert.equal(res.statusCode, 409);
        assert.equal(errorOf(res).code, 'ABOVE_AVAILABLE');
      }
      for (const res of checkouts.filter((r) => r.statusCode === 409))
        assert.equal(errorOf(res).code, 'LINES_REFUSED', res.body);
      const placedCheckouts = checkouts.filter((res) => res.statusCode === 201).length;
      assert.equal(await stockOf(t, scarce._id), 0);
      assert.equal(await stockOf(t, plenty._id), 1000 - 2 * placedCheckouts);

      // The queue is empty again: the next placing goes straight through.
      const more = await addPart(t, admin, { available: 3, minimunOrder: 1 });
      const after = await t.inject(
        { method: 'POST', url: '/api/order', payload: orderBody(more._id, 3, CONTACT) },
        buyers[0],
      );
      assert.equal(after.statusCode, 201, after.body);
      assert.equal(await stockOf(t, more._id), 0);
    });
  });
}

import assert from 'node:assert/strict';
import type { Order } from '@torque/contract';
import { type ApiUser, call, isErrorBody, type Reply, type ScratchDatabase, type ServerProcess } from '@torque/testkit';

export interface PaidOrder {
  order: Order;
  owner: ApiUser;
  paymentId: string;
  paidAt: string;
  /** Every answer the race got, as "status code", for the report. */
  outcomes: string[];
}

/** Two tabs on two instances ask for an intent at once: both must get the same one. */
export async function intentFromBoth(servers: ServerProcess[], order: Order, owner: ApiUser): Promise<string> {
  const asks = [...servers, ...servers].map((s) =>
    call<{ clientSecret: string }>(s.url, 'POST', '/api/create-payment-intent', {
      token: owner.token,
      body: { orderId: order._id },
    }),
  );
  const intents = await Promise.all(asks);
  for (const intent of intents) assert.equal(intent.status, 200, JSON.stringify(intent.body));
  assert.equal(new Set(intents.map((i) => i.body.clientSecret)).size, 1, 'every instance hands out the same intent');
  return intents[0]!.body.clientSecret;
}

const outcome = (r: Reply) => `${r.status}${isErrorBody(r.body) ? ` ${r.body.error.code}` : ''}`;

/**
 * One order's payment, raced across every instance: `replays` rounds of the provider's
 * confirmation (sandbox confirm or webhook, which must always be accepted) and the original client's
 * `PUT /api/order/:id` on each instance, all at once; then the payment record, twice on each.
 */
export async function raceToPay(
  servers: ServerProcess[],
  paying: { order: Order; owner: ApiUser; paymentId: string },
  confirm: (server: ServerProcess) => Promise<Reply>,
  replays: number,
): Promise<PaidOrder> {
  const { order, owner, paymentId } = paying;
  const markPaid = (s: ServerProcess) =>
    call<Order>(s.url, 'PUT', `/api/order/${order._id}`, { token: owner.token, body: { payment: true, paymentId } });
  const shots = Array.from({ length: replays }, () =>
    servers.map((s) => Promise.all([confirm(s), markPaid(s)])),
  ).flat();
  const replies = await Promise.all(shots);
  const confirmations = replies.map(([confirmation]) => confirmation);
  const puts = replies.map(([, put]) => put);

  for (const reply of confirmations)
    assert.equal(reply.status, 200, `confirmation: ${outcome(reply)} ${JSON.stringify(reply.body)}`);
  for (const reply of puts) {
    // A PUT that overtakes every confirmation is told the provider has not confirmed yet.
    const early = reply.status === 409 && isErrorBody(reply.body) && reply.body.error.code === 'PAYMENT_NOT_CONFIRMED';
    assert.ok(reply.status === 200 || early, `PUT: ${outcome(reply)} ${JSON.stringify(reply.body)}`);
  }
  const afterwards = await Promise.all(servers.map(markPaid));
  const answered = [...puts, ...afterwards].filter((r) => r.status === 200).map((r) => r.body);
  for (const paid of answered) assert.equal(paid.paymentId, paymentId);
  const paidAts = new Set(answered.map((o) => o.paidAt));
  assert.equal(paidAts.size, 1, `one paidAt in every answer: ${[...paidAts].join(', ')}`);

  const records = await Promise.all(
    [...servers, ...servers].map((s) =>
      call<{ _id: string }>(s.url, 'POST', '/api/payment', { token: owner.token, body: { paymentId } }),
    ),
  );
  assert.deepEqual(
    new Set(records.map((r) => r.status)),
    new Set([200]),
    'the record was written with the payment: these are replays',
  );
  assert.equal(new Set(records.map((r) => r.body._id)).size, 1, 'one payment record');
  return { ...paying, paidAt: [...paidAts][0]!, outcomes: [...confirmations, ...puts].map(outcome) };
}

/** The stored truth: one payment row per order, and every instance shows the same paid order. */
export async function assertPaidOnce(
  database: ScratchDatabase,
  servers: ServerProcess[],
  paid: PaidOrder[],
): Promise<void> {
  const rows = await database.query<{ order_id: string; n: string; payment_id: string }>(
    'select order_id, count(*) as n, min(payment_id) as payment_id from payments where order_id = any($1::uuid[]) group by order_id',
    [paid.map((p) => p.order._id)],
  );
  assert.equal(rows.length, paid.length, 'every order has a payment record');
  for (const { order, owner, paymentId, paidAt } of paid) {
    const row = rows.find((r) => r.order_id === order._id)!;
    assert.equal(Number(row.n), 1, `one payment row for order ${order._id}`);
    assert.equal(row.payment_id, paymentId);
    for (const server of servers) {
      const seen = await call<Order>(server.url, 'GET', `/api/order/${order._id}`, { token: owner.token });
      assert.equal(seen.body.payment, true);
      assert.equal(seen.body.paymentId, paymentId);
      assert.equal(seen.body.paidAt, paidAt, 'paidAt never moves once set');
    }
  }
}

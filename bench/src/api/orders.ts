import { setTimeout as sleep } from 'node:timers/promises';
import { addPart, type ApiUser, orderBody, placeOrder, signUp } from '@torque/testkit';
import { get } from '../lib/api-client.ts';
import { assertClean, load } from '../lib/load.ts';
import { comparePair, type PairResult } from './pairs.ts';
import type { Settings } from './settings.ts';

/** The goal's stock: more than the run can sell, so no order is refused for stock. */
const INITIAL_STOCK = 1_000_000;

export interface OrderWriteResult {
  ordersPerSecond: number[];
  p99Ms: number[];
  initial: number;
  /** Units in orders for the part, as the admin's order list reports them afterwards. */
  sold: number;
  remaining: number;
  /** 201s counted by the load generator (a request cut off at the end may still have been sold). */
  created: number;
  consistent: boolean;
}

/** `GET /api/order?email=` of a customer with 20 orders, against the bare baseline. */
export async function compareOrderList(
  baseUrl: string,
  admin: ApiUser,
  settings: Settings,
  workDir: string,
): Promise<PairResult> {
  const customer = await signUp(baseUrl, `bench-orders-${Date.now()}@torque.bench`, { headers: { origin: baseUrl } });
  const part = await addPart(baseUrl, admin, { available: 1000, price: 12.5 });
  for (let i = 0; i < 20; i++) await placeOrder(baseUrl, customer, part._id);
  const path = `/api/order?email=${encodeURIComponent(customer.email)}`;
  const { body, bytes } = await get<unknown[]>(baseUrl, path, customer.token);
  if (body.length !== 20) throw new Error(`expected 20 orders, got ${body.length}`);
  const headers = { authorization: `Bearer ${customer.token}` };
  return comparePair(
    { label: 'GET /api/order?email= (20 orders, bearer)', url: `${baseUrl}${path}`, headers, body: bytes },
    settings,
    workDir,
  );
}

/** Customers the write benchmark's requests take turns at (one account's orders take turns). */
const BUYERS = 50;

/**
 * `POST /api/order` at full speed from `connections` clients on one part with ample stock, the
 * requests spread over BUYERS customers (issue 24: one account's placements take turns, and its
 * unpaid units are capped, as a shop's many customers are not); then every unit must be
 * accounted for: units in orders + units left = the initial stock.
 */
export async function measureOrderWrites(
  baseUrl: string,
  admin: ApiUser,
  settings: Settings,
): Promise<OrderWriteResult> {
  const run = Date.now();
  const buyers = [];
  for (let i = 0; i < BUYERS; i++)
    buyers.push(await signUp(baseUrl, `bench-buyer-${run}-${i}@torque.bench`, { headers: { origin: baseUrl } }));
  const part = await addPart(baseUrl, admin, { available: INITIAL_STOCK, price: 12.5 });
  const spec = {
    url: `${baseUrl}/api/order`,
    method: 'POST' as const,
    connections: settings.connections,
    headers: { 'content-type': 'application/json' },
    rotateHeaders: buyers.map((buyer) => ({ authorization: `Bearer ${buyer.token}` })),
    body: JSON.stringify(orderBody(part._id)),
  };
  const warm = await load({ ...spec, durationSeconds: settings.warmupSeconds });
  assertClean('POST /api/order warm-up', warm);
  const ordersPerSecond: number[] = [];
  const p99Ms: number[] = [];
  let created = warm.ok;
  for (let run = 0; run < settings.runs; run++) {
    const result = await load({ ...spec, durationSeconds: settings.durationSeconds });
    assertClean('POST /api/order', result);
    ordersPerSecond.push(result.requestsPerSecond);
    p99Ms.push(result.latencyMs.p99);
    created += result.ok;
    process.stdout.write(
      `    run ${run + 1}: ${Math.round(result.requestsPerSecond)} orders/s, p99 ${result.latencyMs.p99} ms\n`,
    );
  }
  const { sold, remaining } = await settledStock(baseUrl, admin, part._id);
  return {
    ordersPerSecond,
    p99Ms,
    initial: INITIAL_STOCK,
    sold,
    remaining,
    created,
    consistent: sold + remaining === INITIAL_STOCK && sold >= created,
  };
}

/**
 * Units in orders and units left for the part, once the server has finished the requests the
 * load generator abandoned when its time was up (read until two reads half a second apart agree).
 */
async function settledStock(
  baseUrl: string,
  admin: ApiUser,
  partId: string,
): Promise<{ sold: number; remaining: number }> {
  let last = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    const { body: orders } = await get<{ partId: string; quantity: number }[]>(baseUrl, '/api/orders', admin.token);
    const sold = orders.filter((o) => o.partId === partId).reduce((sum, o) => sum + o.quantity, 0);
    const { body: part } = await get<{ available: number }>(baseUrl, `/api/parts/${partId}`);
    const now = `${sold}/${part.available}`;
    if (now === last) return { sold, remaining: part.available };
    last = now;
    await sleep(500);
  }
  throw new Error(`the stock of part ${partId} did not settle after the load`);
}

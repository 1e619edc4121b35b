import type { Order } from '@torque/contract';
import { type ApiUser, call, eventually, orderAttempt } from '@torque/testkit';

export interface SeenOrder {
  order: Order;
  owner: ApiUser;
}

/** What the clients saw. Only answers count: a request cut off by a crash proves nothing either way. */
export interface LoadOutcome {
  /** Orders answered 201 and never (attempted to be) cancelled: they must all be stored. */
  kept: SeenOrder[];
  /** Orders whose cancellation was answered 200: they must be gone. */
  cancelled: SeenOrder[];
  /** Orders whose cancellation was cut off: either outcome is fine, stock must still add up. */
  unsure: SeenOrder[];
  /** Requests that got no answer because the server died under them. */
  cutOff: number;
  /** Answers other than 201 (order) and 200 (cancel), by status: must be none. */
  unexpected: string[];
}

export interface OrderLoad {
  /** Orders answered 201 so far. */
  placed(): number;
  /** False once every client has stopped. */
  running(): boolean;
  /** Resolves once every client has stopped (the server died, or `stop()` was called). */
  done: Promise<LoadOutcome>;
  stop(): void;
}

/**
 * `clients` customers in parallel, each placing orders (1–3 units) one after another as fast
 * as the server answers; every fourth order is cancelled right after it is placed, so stock
 * moves both ways. A client stops at its first request that gets no answer.
 */
export function startOrderLoad(baseUrl: string, customers: ApiUser[], partId: string): OrderLoad {
  const outcome: LoadOutcome = { kept: [], cancelled: [], unsure: [], cutOff: 0, unexpected: [] };
  let placed = 0;
  let stopped = false;

  async function client(owner: ApiUser, index: number): Promise<void> {
    for (let n = 0; !stopped; n++) {
      let seen: SeenOrder;
      try {
        const res = await orderAttempt(baseUrl, owner, partId, ((index + n) % 3) + 1);
        if (res.status !== 201) {
          outcome.unexpected.push(`order ${res.status} ${JSON.stringify(res.body)}`);
          return;
        }
        seen = { order: res.body as Order, owner };
        placed += 1;
      } catch {
        outcome.cutOff += 1;
        return;
      }
      if (n % 4 !== 3) {
        outcome.kept.push(seen);
        continue;
      }
      try {
        const res = await call(baseUrl, 'DELETE', `/api/order/${seen.order._id}`, { token: owner.token });
        if (res.status === 200) outcome.cancelled.push(seen);
        else outcome.unexpected.push(`cancel ${res.status} ${JSON.stringify(res.body)}`);
      } catch {
        outcome.unsure.push(seen);
        outcome.cutOff += 1;
        return;
      }
    }
  }

  let running = true;
  const done = Promise.all(customers.map(client)).then(() => {
    running = false;
    return outcome;
  });
  return { placed: () => placed, running: () => running, done, stop: () => void (stopped = true) };
}

/** Waits until the load has placed `count` orders, bounded (a load that stalls is a failure). */
export async function whenPlaced(load: OrderLoad, count: number, timeoutMs = 60_000): Promise<void> {
  await eventually(
    `the load to place ${count} orders`,
    async () => {
      if (load.placed() >= count) return true;
      if (!load.running())
        throw new Error(
          `the load stopped after ${load.placed()} orders: ${JSON.stringify((await load.done).unexpected)}`,
        );
      return false;
    },
    // Looked at often: the crash test kills the server as soon as the count is reached.
    { timeoutMs, intervalMs: 5 },
  );
}

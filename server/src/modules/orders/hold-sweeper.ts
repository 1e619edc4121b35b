import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderMachine } from './order-machine.ts';
import { createOrdersRepository, type OrdersRepository } from './orders-repository.ts';

/** Orders expired per statement; a backlog is worked through in batches of this size. */
const BATCH = 200;
/** Orders with a payment intent settled per run (each asks the provider once or twice). */
const INTENT_BATCH = 50;

/** How often to sweep so that no order outlives its hold by more than a minute: min(30 s, hold / 4). */
export function sweepIntervalMs(holdMinutes: number): number {
  return Math.max(200, Math.min(30_000, (holdMinutes * 60_000) / 4));
}

export interface SweepResult {
  expired: number;
  paid: number;
  waiting: number;
}

/**
 * What the sweep asks the payments module (the port orders declares and payments implements and
 * registers, `app.orders.useHoldPayments`): an order whose hold ended has a payment intent, so the
 * card may have been charged at the last second. The answer: `paid` (the intent had succeeded and
 * the payment is recorded), `waiting` (still processing: ask again next sweep), or `cancelled`
 * (it can no longer be charged, so the order may expire). Throws when the provider is unreachable.
 */
export interface HoldPayments {
  settleEndedHold(order: { id: string; paymentIntentId: string }): Promise<'paid' | 'waiting' | 'cancelled'>;
}

/**
 * One sweep: every order whose hold ended without a payment intent expires (one statement per
 * batch); for each one with an intent the payments module is asked first (`HoldPayments`).
 */
export function createHoldSweep(deps: {
  repository: OrdersRepository;
  machine: OrderMachine;
  holdPayments: () => HoldPayments | null;
  log: FastifyBaseLogger;
}) {
  const { repository, machine, log } = deps;

  async function settle(due: { id: string; paymentIntentId: string }, result: SweepResult): Promise<void> {
    const payments = deps.holdPayments();
    if (!payments) {
      // Never expire an order whose card may have been charged without asking.
      result.waiting++;
      log.warn({ orderId: due.id }, 'hold sweep: no payments module registered to ask about a payment intent');
      return;
    }
    const answer = await payments.settleEndedHold(due);
    if (answer === 'paid') result.paid++;
    else if (answer === 'waiting') result.waiting++;
    else if ((await machine.expireOne(due.id, due.paymentIntentId)).kind === 'changed') result.expired++;
  }

  return async function sweep(): Promise<SweepResult> {
    const result: SweepResult = { expired: 0, paid: 0, waiting: 0 };
    for (;;) {
      const expired = await machine.expireDue(BATCH);
      result.expired += expired.length;
      if (expired.length < BATCH) break;
    }
    for (const due of await repository.dueWithIntent(INTENT_BATCH)) {
      try {
        await settle(due, result);
      } catch (error) {
        // The provider is unreachable: the order keeps its hold until it answers (never expire
        // an order whose card may have been charged).
        result.waiting++;
        log.warn({ err: error, orderId: due.id }, 'hold sweep: could not settle an order with a payment intent');
      }
    }
    return result;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one sweep now (tests and the timer call it); resolves when it is done. */
    sweepHolds(): Promise<SweepResult>;
  }
}

/**
 * Ends the holds of unpaid orders (ORDER_HOLD_MINUTES), in every instance: a timer (unref'd, so it
 * never keeps the process alive) starts when the server is ready and stops when it closes. Each
 * order expires exactly once however many instances sweep, because every expiry is one guarded
 * statement (order-statements.ts); an order with a payment intent expires only after the payments
 * module says its intent did not succeed and has been cancelled (`HoldPayments`).
 */
export const holdSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    const holdMinutes = app.config.ORDER_HOLD_MINUTES;
    const repository = createOrdersRepository(app.db, { maxUnpaidUnits: app.config.MAX_UNPAID_UNITS_PER_ACCOUNT });
    const sweep = createHoldSweep({
      repository,
      machine: app.orders.machine,
      holdPayments: app.orders.holdPayments,
      log: app.log,
    });
    let running: Promise<SweepResult> | null = null;

    /** One sweep at a time per instance; a caller during a run gets that run. */
    function sweepOnce(): Promise<SweepResult> {
      running ??= (async () => {
        const started = performance.now();
        let failed = false;
        try {
          return await sweep();
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          app.metrics.sweepRan((performance.now() - started) / 1000, failed);
          running = null;
        }
      })();
      return running;
    }
    app.decorate('sweepHolds', sweepOnce);

    if (holdMinutes === 0) return;
    const interval = sweepIntervalMs(holdMinutes);
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const schedule = () => {
      if (closed) return;
      timer = setTimeout(() => {
        sweepOnce()
          .then((r) => {
            if (r.expired || r.paid) app.log.info(r, 'hold sweep');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'hold sweep failed'))
          .finally(schedule);
      }, interval);
      timer.unref();
    };

    app.addHook('onReady', async () => {
      await repository.backfillPayBy(holdMinutes);
      schedule();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'hold-sweeper', dependencies: ['orders', 'metrics'] },
);

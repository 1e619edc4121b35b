import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * statement (order-holds.ts); an order with a payment intent expires only after the provider
 * says the intent did not succeed and has been cancelled (hold-payments.ts).
 */
export const holdSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    const holdMinutes = app.config.ORDER_HOLD_MINUTES;
    const { holds } = app.orders;
    let running: Promise<SweepResult> | null = null;

    async function sweep(): Promise<SweepResult> {
      const result: SweepResult = { expired: 0, paid: 0, waiting: 0 };
      for (;;) {
        const expired = await holds.expireDueWithoutIntent(BATCH);
        result.expired += expired.length;
        if (expired.length < BATCH) break;
      }
      for (const due of await holds.dueWithIntent(INTENT_BATCH)) {
        try {
          const outcome = await app.payments.settleEndedHold(due.id, due.paymentIntentId);
          if (outcome === 'expired') result.expired++;
          else if (outcome === 'paid') result.paid++;
          else if (outcome === 'waiting') result.waiting++;
        } catch (error) {
          // The provider is unreachable: the order keeps its hold until it answers (never expire
          // an order whose card may have been charged).
          result.waiting++;
          app.log.warn({ err: error, orderId: due.id }, 'hold sweep: could not settle an order with a payment intent');
        }
      }
      if (result.expired > 0) {
        app.metrics.order('expired', result.expired);
        app.catalogueChanged();
      }
      return result;
    }

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
      await holds.backfillPayBy(holdMinutes);
      schedule();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    });
  },
  { name: 'hold-sweeper', dependencies: ['orders', 'payments', 'metrics', 'catalogue-events'] },
);

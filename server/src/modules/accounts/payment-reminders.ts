import type { FastifyBaseLogger } from 'fastify';
import type { AccountsRepository } from './accounts-repository.ts';

/** Reminders queued per statement; a backlog is worked through in batches of this size. */
const BATCH = 100;

/**
 * The overdue reminders (issue 30, PRODUCT.md §26), in every instance: a timer (unref'd) from
 * `start` to `stop` queues, for every invoice on account past its due date and unpaid, one
 * `payment-reminder` e-mail a week (accounts-repository `remindDue`: one statement per batch, the
 * mark and the outbox row together; the outbox worker delivers). The clock is injected (`now`),
 * and `run(at)` takes a moment of its own, so tests move time. A failed run is logged and the
 * timer tries again.
 */
export function createPaymentReminders(options: {
  repository: AccountsRepository;
  log: FastifyBaseLogger;
  pollMs: number;
  now?: () => Date;
  /** Wakes the outbox worker after reminders were queued. */
  poke: () => void;
}) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function run(at: Date = now()): Promise<number> {
    // One run at a time per instance; other instances are kept apart by the statement itself.
    while (running) await running.catch(() => 0);
    running = (async () => {
      let sent = 0;
      for (;;) {
        const queued = await options.repository.remindDue(at, BATCH);
        sent += queued;
        if (queued < BATCH) break;
      }
      if (sent > 0) {
        options.log.info({ sent }, 'overdue payment reminders queued');
        options.poke();
      }
      return sent;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      run()
        .catch((error: unknown) => options.log.error({ err: error }, 'overdue payment reminders failed'))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    run,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
export type PaymentReminders = ReturnType<typeof createPaymentReminders>;

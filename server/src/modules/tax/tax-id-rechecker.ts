import type { FastifyBaseLogger } from 'fastify';
import type { TaxRepository } from './tax-repository.ts';
import { readTaxId, type ViesClient } from './vies-client.ts';

/** The wait before the check after `attempts` failed ones: `baseMs` doubling, at most `maxMs`. */
export const recheckDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * The background re-check of unverified EU VAT numbers (VIES was away when they were set), in
 * every instance. Each run claims due rows (tax-repository `claimDue`: FOR UPDATE SKIP LOCKED plus
 * a lease), so two instances never check the same number at once; an instance killed with a
 * claim leaves it to the others once the lease ends. VIES valid/invalid resolves the row; VIES
 * still away puts it back with exponential back-off. A failed run (database away) is logged and
 * the timer tries again.
 */
export function createTaxIdRechecker(options: {
  repository: TaxRepository;
  vies: ViesClient;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs?: number;
  /** Longer than one VIES call can take (its timeout). */
  leaseMs: number;
}) {
  const { repository, vies, log } = options;
  const retryMaxMs = options.retryMaxMs ?? 24 * 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const claimed = await repository.claimDue(10, options.leaseMs);
        if (claimed.length === 0) break;
        for (const row of claimed) {
          if (stopped) return;
          const read = readTaxId(row.taxId);
          const answer = read.kind === 'eu' ? await vies.check(read.viesCountry, read.vatNumber) : 'invalid';
          if (answer === 'unavailable') {
            const delay = recheckDelayMs(row.attempts, options.retryBaseMs, retryMaxMs);
            log.info({ attempts: row.attempts, retryInMs: delay }, 'VIES still unavailable; tax number re-check later');
            await repository.reschedule(row.userId, row.taxId, delay);
          } else await repository.resolve(row.userId, row.taxId, answer);
        }
      }
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => log.warn({ err }, 'tax number re-check failed (database away?); will retry'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    poke(): void {
      if (!stopped) void run();
    },
    runNow: () => run(),
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type TaxIdRechecker = ReturnType<typeof createTaxIdRechecker>;

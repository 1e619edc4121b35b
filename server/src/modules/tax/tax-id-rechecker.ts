import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TaxRepository } from './tax-repository.ts';
import { readTaxId, type ViesClient } from './vies-client.ts';

/** The re-check's lease: longer than one VIES call can take (4 × its timeout, plus 10 s). */
export const recheckLeaseMs = (viesTimeoutMs: number) => viesTimeoutMs * 4 + 10_000;

/** A number the re-check took: whose it is (`key`: an account's id, a company's id), and the number. */
export type ClaimedNumber = {
  key: string;
  taxId: string;
  attempts: number;
};

/**
 * Where the re-check finds unverified numbers (a person's `tax_ids`, a company's columns). Each
 * source keeps the same guarantee: `claimDue` takes due rows with FOR UPDATE SKIP LOCKED and a
 * lease, counting the try; `resolve` and `reschedule` write only while the row still has the
 * claimed number and is still unverified (a number changed meanwhile keeps its own check).
 */
export interface RecheckSource {
  /** For the logs: whose numbers these are. */
  readonly name: string;
  claimDue(limit: number, leaseMs: number): Promise<ClaimedNumber[]>;
  resolve(key: string, taxId: string, status: 'valid' | 'invalid'): Promise<void>;
  reschedule(key: string, taxId: string, delayMs: number): Promise<void>;
}

/** The people's own numbers (`tax_ids`, tax-repository.ts) as a re-check source. */
export function personTaxIds(repository: TaxRepository): RecheckSource {
  return {
    name: 'person',
    claimDue: async (limit, leaseMs) =>
      (await repository.claimDue(limit, leaseMs)).map((r) => ({ key: r.userId, taxId: r.taxId, attempts: r.attempts })),
    resolve: (key, taxId, status) => repository.resolve(key, taxId, status),
    reschedule: (key, taxId, delayMs) => repository.reschedule(key, taxId, delayMs),
  };
}

/** The wait before the check after `attempts` failed ones: `baseMs` doubling, at most `maxMs`. */
export const recheckDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * The background re-check of unverified EU VAT numbers (VIES was away when they were set), in
 * every instance, for one source of numbers (`personTaxIds`, the companies module's
 * `companyTaxIds`). Each run claims due rows (the source's `claimDue`: FOR UPDATE SKIP LOCKED plus
 * a lease), so two instances never check the same number at once; an instance killed with a
 * claim leaves it to the others once the lease ends. VIES valid/invalid resolves the row; VIES
 * still away puts it back with exponential back-off. A failed run (database away) is logged and
 * the timer tries again.
 */
export function createTaxIdRechecker(options: {
  source: RecheckSource;
  vies: ViesClient;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs?: number;
  /** Longer than one VIES call can take (its timeout). */
  leaseMs: number;
}) {
  const { source, vies, log } = options;
  const retryMaxMs = options.retryMaxMs ?? 24 * 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  /** Claims and checks due numbers, ten at a time, until none is due. */
  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const claimed = await source.claimDue(10, options.leaseMs);
      if (claimed.length === 0) return;
      for (const row of claimed) {
        if (stopped) return;
        const read = readTaxId(row.taxId);
        const answer = read.kind === 'eu' ? await vies.check(read.viesCountry, read.vatNumber) : 'invalid';
        if (answer === 'unavailable') {
          const delay = recheckDelayMs(row.attempts, options.retryBaseMs, retryMaxMs);
          log.info(
            { source: source.name, attempts: row.attempts, retryInMs: delay },
            'VIES still unavailable; tax number re-check later',
          );
          await source.reschedule(row.key, row.taxId, delay);
        } else await source.resolve(row.key, row.taxId, answer);
      }
    }
  }

  /** One run (the timer's); `stop` waits for it. */
  function run(): Promise<void> {
    running = drain()
      .catch((err: unknown) =>
        log.warn({ err, source: source.name }, 'tax number re-check failed (database away?); will retry'),
      )
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
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type TaxIdRechecker = ReturnType<typeof createTaxIdRechecker>;

/**
 * One source's re-check in this instance, with the app's settings, started when the app is ready
 * and stopped (its run finished) when it closes: persons' numbers (tax-plugin.ts) and companies'
 * (companies-plugin.ts).
 */
export function runTaxIdRechecks(app: FastifyInstance, source: RecheckSource, vies: ViesClient): TaxIdRechecker {
  const rechecker = createTaxIdRechecker({
    source,
    vies,
    log: app.log,
    pollMs: app.config.VIES_RECHECK_POLL_MS,
    retryBaseMs: app.config.VIES_RETRY_BASE_MS,
    leaseMs: recheckLeaseMs(app.config.VIES_TIMEOUT_MS),
  });
  app.addHook('onReady', async () => rechecker.start());
  app.addHook('onClose', async () => rechecker.stop());
  return rechecker;
}

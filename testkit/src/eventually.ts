import { setTimeout as sleep } from 'node:timers/promises';

/** A check's answer that means "not yet": look again. Anything else is the awaited value. */
type NotYet = false | null | undefined;

export interface EventuallyOptions {
  /** How long a person would wait before calling it broken (ms). */
  timeoutMs?: number;
  /** The pause between two looks (ms). */
  intervalMs?: number;
}

/**
 * Waits for something the code signals — a row, a metric, a message, an HTTP answer — by asking
 * `check` until it answers something other than `false`, `null` or `undefined`, and resolves with
 * that answer. Past `timeoutMs` it fails with `what` in the message, so a signal that never comes
 * is a failure, never a hang. An error thrown by `check` fails at once: it is not "not yet".
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 50 }: EventuallyOptions = {},
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== false && answer !== null && answer !== undefined) return answer as Exclude<T, NotYet>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

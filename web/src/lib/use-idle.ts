import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser is idle (or after `timeoutMs` at the latest; a plain timer at
 * half that where idle callbacks do not exist). Returns the cancel.
 */
function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, timeoutMs / 2);
  return () => window.clearTimeout(id);
}

/**
 * False on the first render, true once the browser is idle (or after `timeoutMs` at the latest).
 * What waits for it renders after the first paint, as an interruptible transition, instead of
 * lengthening the first render's tasks.
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true)), timeoutMs), [timeoutMs]);
  return idle;
}

/**
 * 1 on the first render, then one more at each idle moment, up to `total`: to mount a long page's
 * sections one per task instead of committing them all in one (a commit cannot be interrupted).
 */
export function useIdleSteps(total: number, timeoutMs: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((n) => n + 1)), timeoutMs);
  }, [shown, total, timeoutMs]);
  return Math.min(shown, total);
}

import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle (or after `timeoutMs` at the latest;
 * a plain timer where idle callbacks do not exist). What waits for it renders after the first
 * paint, as an interruptible transition, instead of lengthening the first render's tasks.
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, timeoutMs / 2);
    return () => window.clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}

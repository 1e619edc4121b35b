import { useLayoutEffect, useState } from 'react';
import { inLaterTask } from './later-tasks.ts';

/**
 * Preact renders a tree in one task (no time slicing, docs/decisions/009-preact-compat.md), and
 * Lighthouse counts every task over 50 ms after the first paint as blocking. What renders through
 * these hooks renders in later tasks instead, one slice per task, in the order asked for: each
 * task is one slice's render and commit (Preact's re-render runs in the microtasks after it).
 * Slices are asked for from layout effects, which run right after the commit (Preact runs plain
 * effects only after the next paint): the first one follows the first render's task at once, so
 * the browser usually paints the page whole. The tasks are later-tasks.ts's, shared with the
 * start-up's requests (app.tsx), so slices run after those.
 */

/** False on the first render, true in a later task (after the slices asked for before it). */
export function useLaterTask(): boolean {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => (ready ? undefined : inLaterTask(() => setReady(true))), [ready]);
  return ready;
}

/**
 * How many of `total` items to render: `first` on the first render, then `step` more per later
 * task until all are there. A list that grows (the next page) goes on from where it was. Each slice
 * renders the component that calls this again: memoise the items (catalogue-results.tsx's
 * CatalogueCard), or every item already shown renders again with each slice.
 */
export function useSlices(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useLayoutEffect(() => {
    if (shown >= total) return;
    return inLaterTask(() => setShown((n) => n + step));
  }, [shown, total, step]);
  return Math.min(shown, total);
}

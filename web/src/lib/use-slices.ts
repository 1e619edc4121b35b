import { useLayoutEffect, useState } from 'react';

/**
 * Preact renders a tree in one task (no time slicing, docs/decisions/009-preact-compat.md), and
 * Lighthouse counts every task over 50 ms after the first paint as blocking. What renders through
 * these hooks renders in later tasks instead, one slice per task, in the order asked for: each
 * task is one slice's render and commit (Preact's re-render runs in the microtasks after it).
 * Slices are asked for from layout effects, which run right after the commit (Preact runs plain
 * effects only after the next paint): the first one follows the first render's task at once, so
 * the browser usually paints the page whole.
 */
const queue: (() => void)[] = [];
let scheduled = false;

/** The next task: a MessageChannel message (no 4 ms timer clamping), a timer where it is missing. */
function nextTask(run: () => void) {
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  } else setTimeout(run, 0);
}

function runOne() {
  scheduled = false;
  queue.shift()?.();
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  nextTask(runOne);
}

/** Runs `slice` in a task of its own after the ones already asked for. Returns the cancel. */
function inLaterTask(slice: () => void): () => void {
  queue.push(slice);
  schedule();
  return () => {
    const at = queue.indexOf(slice);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** False on the first render, true in a later task (after the slices asked for before it). */
export function useLaterTask(): boolean {
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => (ready ? undefined : inLaterTask(() => setReady(true))), [ready]);
  return ready;
}

/**
 * How many of `total` items to render: `first` on the first render, then `step` more per later
 * task until all are there. A list that grows (the next page) goes on from where it was.
 */
export function useSlices(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useLayoutEffect(() => {
    if (shown >= total) return;
    return inLaterTask(() => setShown((n) => n + step));
  }, [shown, total, step]);
  return Math.min(shown, total);
}

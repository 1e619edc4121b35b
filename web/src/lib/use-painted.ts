import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it (the frame after it, then a
 * task). What waits for it starts after the first paint: a chunk requested during the first
 * render competes with that render's own requests, and Lighthouse counts every request that
 * finished before the largest paint into it.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterFrame = () => {
      // A transition: what renders then (the sign-in form) yields every few milliseconds instead
      // of holding the main thread for one task after the page has painted.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    };
    if (typeof window.requestAnimationFrame !== 'function') {
      afterFrame();
      return () => clearTimeout(timer);
    }
    const frame = window.requestAnimationFrame(afterFrame);
    return () => {
      window.cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * Which item of a chart the tooltip shows: the one under the pointer, or, from the keyboard, the
 * one chosen with the arrow keys (Home/End for the ends) while the chart has focus.
 */
export function useChartCursor(count: number, indexAt: (x: number, y: number) => number | null) {
  const [active, setActive] = useState<number | null>(null);
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));

  return {
    active: active !== null && active < count ? active : null,
    handlers: {
      onMouseMove(event: MouseEvent<HTMLElement>) {
        const box = event.currentTarget.getBoundingClientRect();
        setActive(indexAt(event.clientX - box.left, event.clientY - box.top));
      },
      onMouseLeave() {
        setActive(null);
      },
      onFocus(event: FocusEvent<HTMLElement>) {
        if (event.target === event.currentTarget && count > 0) setActive((a) => a ?? count - 1);
      },
      onBlur() {
        setActive(null);
      },
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        if (count === 0) return;
        const moves: Record<string, (a: number) => number> = {
          ArrowRight: (a) => a + 1,
          ArrowDown: (a) => a + 1,
          ArrowLeft: (a) => a - 1,
          ArrowUp: (a) => a - 1,
          Home: () => 0,
          End: () => count - 1,
        };
        const move = moves[event.key];
        if (!move) return;
        event.preventDefault();
        setActive((a) => clamp(move(a ?? count - 1)));
      },
    },
  };
}

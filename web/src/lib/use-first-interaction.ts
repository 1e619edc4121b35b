import { useEffect, useState } from 'react';

const INTERACTIONS = ['pointerdown', 'keydown', 'click', 'touchstart'] as const;

/**
 * True from the visitor's first press, tap or key on. Code that only ever answers what the
 * visitor does (toasts follow a click or a submit) can wait for it instead of loading with the page.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const done = () => setInteracted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

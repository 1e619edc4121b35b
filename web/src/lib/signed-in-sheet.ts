import { useSyncExternalStore } from 'react';
import { loadChunk } from './lazy-route.ts';

/**
 * styles/signed-in.css on demand, for a public page that needs it only for some of what it shows:
 * the cart (issue 31). Its heading, its spinner and a visitor's empty cart are drawn with index.css
 * alone, so a visitor's first paint waits for no second stylesheet (17 kB gzip on slow 4G); its
 * lines and the buyer's cart wait for this one. The import resolves once the browser has the sheet.
 */
let loading: Promise<void> | undefined;
let state: 'pending' | 'ready' | 'failed' = 'pending';
let failure: unknown;
const listeners = new Set<() => void>();

/** Starts the download (once) and resolves when the sheet applies. */
export function loadSignedInSheet(): Promise<void> {
  return (loading ??= loadChunk('signed-in-sheet', () => import('@/styles/signed-in-sheet.ts')).then(
    () => settle('ready'),
    (error: unknown) => {
      failure = error;
      settle('failed');
    },
  ));
}

function settle(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the sheet applies. `wanted` starts its download; a failed download throws (as a failed
 * page chunk does) for the route's error boundary to show, and only where it was wanted.
 */
export function useSignedInSheet(wanted: boolean): boolean {
  const now = useSyncExternalStore(
    subscribe,
    () => state,
    () => 'pending',
  );
  if (wanted && !loading) void loadSignedInSheet();
  if (wanted && now === 'failed') throw failure;
  return now === 'ready';
}

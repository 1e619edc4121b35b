import { loadChunkOnce } from './lazy-route.ts';

// A failure or the 120 s time-out (a ChunkLoadError) only drops the toast (show, below).
const loadToastify = loadChunkOnce('toastify', () => import('react-toastify'));

function show(kind: 'success' | 'error', message: string): void {
  // The toast tells of something already done (or refused, with the reason also on the page),
  // so one that cannot be downloaded is dropped rather than failing the action.
  loadToastify().then(
    (library) => void library.toast[kind](message),
    () => undefined,
  );
}

/**
 * `toast.success` / `toast.error` for the pages (PRODUCT.md §9's toasts), without react-toastify
 * in their chunks: imported statically by 28 modules, the library (10 kB gzip) was in the first
 * load of every signed-in page, long before anything was there to announce (issue 31). It is
 * fetched with the first toast, or before, once the page is idle (components/ui/toaster.tsx
 * mounts the container, which shows the toasts raised while it was on its way).
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

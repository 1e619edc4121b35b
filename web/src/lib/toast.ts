import { loadChunk } from './lazy-route.ts';

type Toastify = typeof import('react-toastify');

/** One download of react-toastify for every toast; a failed one is asked for again by the next toast. */
let toastify: Promise<Toastify> | null = null;
function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    // A failure or the 120 s time-out (a ChunkLoadError) only drops the toast (show, below).
    const loading = loadChunk('toastify', () => import('react-toastify'));
    loading.catch(() => {
      if (toastify === loading) toastify = null;
    });
    toastify = loading;
  }
  return toastify;
}

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

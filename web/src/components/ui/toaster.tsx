import { lazy, Suspense, useEffect, useState } from 'react';

/** PRODUCT.md §9: toasts close after 5000 ms, top-right. */
export const TOAST_AUTO_CLOSE_MS = 5000;

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/**
 * react-toastify's container, fetched once the page is idle so it stays out of the first load.
 * Toasts raised before it mounts are queued by the library and shown when it arrives.
 */
export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 1500);
    return () => window.clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
}

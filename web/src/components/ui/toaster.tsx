import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle.ts';

/** PRODUCT.md §9: toasts close after 5000 ms, top-right. */
export const TOAST_AUTO_CLOSE_MS = 5000;

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

/**
 * react-toastify's container, fetched once the page is idle so it stays out of the first load.
 * Toasts raised before it mounts are queued by the library and shown when it arrives.
 */
export function Toaster() {
  const ready = useIdle(3000);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
}

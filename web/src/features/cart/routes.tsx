import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route.ts';

/**
 * `/cart` (issue 27): open to visitors (their cart is in the browser) and buyers alike, so it is
 * mounted outside `RequireAuth`; its chunk (and the quick-order and checkout forms in it) loads
 * only when the page is opened, never with the landing page.
 */
export const cartRoutes: RouteObject[] = [
  { path: 'cart', lazy: lazyRoute('cart', () => import('./routes/cart-page.tsx')) },
];

import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route.ts';

/** `checkout/:orderId` (PRODUCT.md §2). Mounted behind `RequireAuth` by the app router; issue #6 builds it. */
export const checkoutRoutes: RouteObject[] = [
  { path: 'checkout/:orderId', lazy: lazyRoute('checkout', () => import('./routes/checkout-page.tsx')) },
];

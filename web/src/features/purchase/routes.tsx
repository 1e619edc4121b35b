import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route.ts';

/** `purchase/:id` (PRODUCT.md §2). Mounted behind `RequireAuth` by the app router; issue #6 builds it. */
export const purchaseRoutes: RouteObject[] = [
  { path: 'purchase/:id', lazy: lazyRoute('purchase', () => import('./routes/purchase-page.tsx')) },
];

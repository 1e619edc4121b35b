import type { RouteObject } from 'react-router';
import { RequireAdmin } from '@/components/guards/index.ts';
import { lazyRoute } from '@/lib/lazy-route.ts';

/**
 * PRODUCT.md §2's dashboard and its children. The app router mounts these behind `RequireAuth`;
 * admin-only children sit behind `RequireAdmin` here. Issue #6 fills in the pages.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyRoute('dashboard', () => import('./dashboard-layout.tsx')),
    children: [
      // Admins land on the overview, customers on My Orders.
      { index: true, lazy: lazyRoute('dashboard-home', () => import('@/features/orders/routes/dashboard-home.tsx')) },
      {
        path: 'my-orders',
        lazy: lazyRoute('dashboard-my-orders', () => import('@/features/orders/routes/my-orders-page.tsx')),
      },
      {
        path: 'my-profile',
        lazy: lazyRoute('dashboard-my-profile', () => import('@/features/account/routes/my-profile-page.tsx')),
      },
      {
        path: 'add-review',
        lazy: lazyRoute('dashboard-add-review', () => import('@/features/reviews/routes/add-review-page.tsx')),
      },
      {
        path: 'company',
        lazy: lazyRoute('dashboard-my-company', () => import('@/features/company/routes/my-company-page.tsx')),
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: 'overview',
            lazy: lazyRoute('dashboard-overview', () => import('@/features/overview/routes/overview-page.tsx')),
          },
          {
            path: 'user',
            lazy: lazyRoute('dashboard-make-admin', () => import('@/features/users/routes/make-admin-page.tsx')),
          },
          {
            path: 'add-product',
            lazy: lazyRoute('dashboard-add-product', () => import('@/features/products/routes/add-product-page.tsx')),
          },
          {
            path: 'manage-all-orders',
            lazy: lazyRoute(
              'dashboard-manage-all-orders',
              () => import('@/features/orders/routes/manage-all-orders-page.tsx'),
            ),
          },
          {
            path: 'manage-products',
            lazy: lazyRoute(
              'dashboard-manage-products',
              () => import('@/features/products/routes/manage-products-page.tsx'),
            ),
          },
          {
            path: 'manage-products/cross-references',
            lazy: lazyRoute(
              'dashboard-cross-references',
              () => import('@/features/products/routes/cross-references-import-page.tsx'),
            ),
          },
          {
            path: 'manage-products/:id/edit',
            lazy: lazyRoute('dashboard-edit-product', () => import('@/features/products/routes/edit-product-page.tsx')),
          },
          {
            path: 'shipping',
            lazy: lazyRoute('dashboard-shipping', () => import('@/features/shipping/routes/shipping-methods-page.tsx')),
          },
          {
            path: 'tax',
            lazy: lazyRoute('dashboard-tax', () => import('@/features/tax/routes/tax-page.tsx')),
          },
          {
            path: 'price-lists',
            lazy: lazyRoute(
              'dashboard-price-lists',
              () => import('@/features/price-lists/routes/price-lists-page.tsx'),
            ),
          },
          {
            path: 'messages',
            lazy: lazyRoute('dashboard-messages', () => import('@/features/messages/routes/messages-page.tsx')),
          },
          {
            path: 'companies',
            lazy: lazyRoute('dashboard-companies', () => import('@/features/company/routes/companies-page.tsx')),
          },
        ],
      },
    ],
  },
];

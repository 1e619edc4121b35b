import { renderMatches, useLocation, type RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/not-found.tsx';
import { RequireAuth } from '@/components/guards/index.ts';
import { RootLayout } from '@/components/layout/root-layout.tsx';
import { cartRoutes } from '@/features/cart/routes.tsx';
import { checkoutRoutes } from '@/features/checkout/routes.tsx';
import { dashboardRoutes } from '@/app/dashboard/dashboard-routes.tsx';
import { purchaseRoutes } from '@/features/purchase/routes.tsx';
import { lazyRoute } from '@/lib/lazy-route.ts';
import { withLazyPages } from './lazy-pages.tsx';
import { matchesFor } from './route-matches.ts';
import { RouteBoundary } from './route-boundary.tsx';

/** PRODUCT.md §2's routes. Every page is its own chunk; the guarded ones come from their features. */
export function createRoutes(): RouteObject[] {
  return withLazyPages([
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          // Inside the layout (navbar and footer stay): a failed chunk or page, and the spinner
          // shown while the first page's chunk arrives.
          element: <RouteBoundary />,
          children: [
            { index: true, lazy: lazyRoute('landing', () => import('@/features/landing/routes/landing-page.tsx')) },
            { path: 'parts', lazy: lazyRoute('parts', () => import('@/features/catalogue/routes/catalogue-page.tsx')) },
            {
              path: 'parts/number/:number',
              lazy: lazyRoute('part-number', () => import('@/features/catalogue/routes/part-number-page.tsx')),
            },
            { path: 'login', lazy: lazyRoute('login', () => import('@/features/auth/routes/login-page.tsx')) },
            {
              path: 'forgot-password',
              lazy: lazyRoute('forgot-password', () => import('@/features/auth/routes/forgot-password-page.tsx')),
            },
            {
              path: 'reset-password',
              lazy: lazyRoute('reset-password', () => import('@/features/auth/routes/reset-password-page.tsx')),
            },
            { path: 'signup', lazy: lazyRoute('signup', () => import('@/features/auth/routes/signup-page.tsx')) },
            { path: 'blogs', lazy: lazyRoute('blogs', () => import('@/features/blogs/routes/blogs-page.tsx')) },
            {
              path: 'my-portfolio',
              lazy: lazyRoute('my-portfolio', () => import('@/features/portfolio/routes/portfolio-page.tsx')),
            },
            // The cart is public; it asks for the signed-in stylesheet (the table, the file input and
            // the rest index.css leaves out of the first load) only when it has lines to show.
            ...cartRoutes,
            {
              // A company invitation's link (issue 30): public, so a visitor can sign up from it.
              lazy: lazyRoute('invitation-styles', () => import('./signed-in-styles.tsx')),
              children: [
                {
                  path: 'invitations/accept',
                  lazy: lazyRoute(
                    'accept-invitation',
                    () => import('@/features/company/routes/accept-invitation-page.tsx'),
                  ),
                },
              ],
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  // The signed-in area's stylesheet (index.css leaves these features out of its scan).
                  lazy: lazyRoute('signed-in-styles', () => import('./signed-in-styles.tsx')),
                  children: [...purchaseRoutes, ...checkoutRoutes, ...dashboardRoutes],
                },
              ],
            },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
    {
      // The Google popup's last stop: no navbar, it closes itself.
      path: '/auth/complete',
      element: <RouteBoundary />,
      children: [
        {
          index: true,
          lazy: lazyRoute('auth-complete', () => import('@/features/auth/routes/auth-complete-page.tsx')),
        },
      ],
    },
  ]);
}

/** The page for the current address: `useRoutes`, with the address's matches worked out once. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return renderMatches(matchesFor(routes, useLocation().pathname));
}

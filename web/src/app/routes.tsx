import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/not-found.tsx';
import { RouteError } from '@/components/errors/route-error.tsx';
import { RequireAuth } from '@/components/guards/index.ts';
import { RootLayout } from '@/components/layout/root-layout.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { checkoutRoutes } from '@/features/checkout/routes.tsx';
import { dashboardRoutes } from '@/features/dashboard/routes.tsx';
import { partsQueryOptions } from '@/features/landing/api/get-parts.ts';
import { reviewsQueryOptions } from '@/features/landing/api/get-reviews.ts';
import { purchaseRoutes } from '@/features/purchase/routes.tsx';
import { lazyRoute } from '@/lib/lazy-route.ts';

/**
 * SPEC §2's routes. Every page is its own chunk; the guarded ones come from their features.
 * The landing page's data is requested while its chunk downloads, not after.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          // Inside the layout (navbar and footer stay): errors such as a chunk that failed to
          // load, and the spinner shown while the first page's chunk arrives.
          errorElement: <RouteError />,
          hydrateFallbackElement: <PageSpinner />,
          children: [
            {
              index: true,
              loader: () => {
                void queryClient.prefetchQuery(partsQueryOptions());
                void queryClient.prefetchQuery(reviewsQueryOptions());
                return null;
              },
              lazy: lazyRoute('landing', () => import('@/features/landing/routes/landing-page.tsx')),
            },
            { path: 'login', lazy: lazyRoute('login', () => import('@/features/auth/routes/login-page.tsx')) },
            { path: 'signup', lazy: lazyRoute('signup', () => import('@/features/auth/routes/signup-page.tsx')) },
            { path: 'blogs', lazy: lazyRoute('blogs', () => import('@/features/blogs/routes/blogs-page.tsx')) },
            {
              path: 'my-portfolio',
              lazy: lazyRoute('my-portfolio', () => import('@/features/portfolio/routes/portfolio-page.tsx')),
            },
            { element: <RequireAuth />, children: [...purchaseRoutes, ...checkoutRoutes, ...dashboardRoutes] },
            { path: '*', Component: NotFound },
          ],
        },
      ],
    },
    {
      // The Google popup's last stop: no navbar, it closes itself.
      path: '/auth/complete',
      hydrateFallbackElement: <PageSpinner />,
      errorElement: <RouteError />,
      lazy: lazyRoute('auth-complete', () => import('@/features/auth/routes/auth-complete-page.tsx')),
    },
  ];
}

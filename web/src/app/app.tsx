import { prefetchCatalogue } from '@/features/catalogue/prefetch.ts';
import { prefetchLanding } from '@/features/landing/prefetch.ts';
import { sessionQueryKey, sessionQueryOptions } from '@/lib/auth/session.ts';
import { cartQueryOptions } from '@/lib/cart/cart-api.ts';
import { publicConfigQueryOptions } from '@/lib/public-config.ts';
import { inLaterTask } from '@/lib/later-tasks.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { loadPagesFor } from './lazy-pages.tsx';
import { PageHoldingRouter } from './page-holding-router.tsx';
import { matchesFor } from './route-matches.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes, createRoutes } from './routes.tsx';

// Created when the bundle runs, so the first page's chunk and data start loading at once.
const queryClient = createQueryClient();
const routes = createRoutes();
// What the first page shows is requested while its chunk downloads, not after it renders: the
// landing page's data and hero picture; the catalogue's first page (features/catalogue/prefetch.ts);
// the server's set-up for the sign-in pages' Google button (no request at all when the server
// wrote it into the page: lib/public-config.ts). Each request starts in a task of its own
// (lib/later-tasks.ts), the page's chunk first: a fetch or a chunk's preload links cost the main
// thread a few milliseconds each, and in the bundle's evaluation they made it one long task.
const firstPath = window.location.pathname;
/** Settles once the first page's chunk is here (main.tsx renders then). */
export const firstPageLoaded = new Promise<void>((resolve) => {
  // Matching the address against the route table (React Router ranks the whole table) is a task
  // of its own too; loadPagesFor and the first render then reuse the matches (route-matches.ts).
  inLaterTask(() => matchesFor(routes, firstPath));
  inLaterTask(() => void loadPagesFor(routes, firstPath).then(resolve));
});
// Who is signed in, asked for on every page while the first page's chunk downloads: its answer
// is usually here before the first render, so the navbar and the page render once with it. Asked
// for by AuthProvider's first render instead, it came after the first paint and every reader of
// the auth state rendered a second time (the navbar's links: a long task at 8× CPU, issue 31).
// The same query: AuthProvider's useQuery takes this request over, no second one is sent.
inLaterTask(
  () =>
    void queryClient.prefetchQuery(sessionQueryOptions()).then(() => {
      // A buyer's cart is the cart page's data: asked for the moment the session names someone (with
      // an access token stored), not by the render that follows (a slow phone's longest wait on
      // /cart, issue 31). The page's and the navbar's reads take this request over.
      if (firstPath === '/cart' && queryClient.getQueryData(sessionQueryKey) && tokenStorage.get())
        void queryClient.prefetchQuery(cartQueryOptions());
    }),
);
inLaterTask(() => {
  if (firstPath === '/') prefetchLanding(queryClient);
  if (firstPath === '/parts') prefetchCatalogue(queryClient, window.location.search);
  if (firstPath === '/login' || firstPath === '/signup') void queryClient.prefetchQuery(publicConfigQueryOptions());
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <PageHoldingRouter routes={routes}>
        <AppRoutes routes={routes} />
      </PageHoldingRouter>
    </AppProviders>
  );
}

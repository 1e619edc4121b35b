import type { SessionData } from '@/lib/auth/auth-api.ts';
import { sessionQueryKey, sessionQueryOptions } from '@/lib/auth/session.ts';
import { inLaterTask } from '@/lib/later-tasks.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { loadPagesFor } from './lazy-pages.tsx';
import { PageHoldingRouter } from './page-holding-router.tsx';
import { prefetchFirstPage, prefetchSignedInFirstPage } from './prefetch-first-page.ts';
import { matchesFor } from './route-matches.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes, createRoutes } from './routes.tsx';

// Created when the bundle runs, so the first page's chunk and data start loading at once.
const queryClient = createQueryClient();
const routes = createRoutes();
// What the first page shows is requested while its chunk downloads, not after it renders
// (prefetch-first-page.ts). Each request starts in a task of its own (lib/later-tasks.ts), the
// page's chunk first: a fetch or a chunk's preload links cost the main thread a few milliseconds
// each, and in the bundle's evaluation they made it one long task.
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
// The same query: AuthProvider's useQuery takes this request over, no second one is sent. Its
// answer starts what a signed-in page shows (the cart, the dashboard's admin check).
inLaterTask(
  () =>
    void queryClient.prefetchQuery(sessionQueryOptions()).then(() => {
      const session = queryClient.getQueryData<SessionData | null>(sessionQueryKey);
      if (session && tokenStorage.get()) prefetchSignedInFirstPage(queryClient, firstPath, session);
    }),
);
inLaterTask(() => prefetchFirstPage(queryClient, window.location));

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <PageHoldingRouter routes={routes}>
        <AppRoutes routes={routes} />
      </PageHoldingRouter>
    </AppProviders>
  );
}

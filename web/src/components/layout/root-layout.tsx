import { lazy } from 'react';
import { Outlet } from 'react-router';
import { WhenIdle } from '@/components/ui/when-idle.tsx';
import { loadChunk, usePendingChunks } from '@/lib/lazy-route.ts';
import { useScrollToTop } from '@/lib/use-scroll-to-top.ts';
import { useSlices } from '@/lib/use-slices.ts';
import { Navbar, NavbarPlaceholder } from './navbar.tsx';

const Footer = lazy(() =>
  loadChunk('footer', () => import('./footer.tsx').then(({ Footer }) => ({ default: Footer }))),
);

/** Navbar, the page, the footer; a thin bar while the next page's chunk loads. */
export function RootLayout() {
  const loadingPage = usePendingChunks();
  useScrollToTop();
  // The layout, the navbar and the page render in three tasks in a row: one render of all was one
  // long task on a slow phone (Preact does not slice it, docs/PERFORMANCE.md). Until its task the
  // navbar's place is held by its empty bar (the same height) and the page's by the page area.
  const slices = useSlices(2, 0, 1);
  const pageTask = slices >= 2;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      {loadingPage ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary"
          role="progressbar"
          aria-label="Loading page"
        />
      ) : null}
      {slices >= 1 ? <Navbar /> : <NavbarPlaceholder />}
      <main id="main" className="flex-1" tabIndex={-1}>
        {pageTask ? <Outlet /> : null}
      </main>
      {/* Below every page's first screen (the page area is a screen tall at least): fetched once idle. */}
      <WhenIdle>
        <Footer />
      </WhenIdle>
    </div>
  );
}

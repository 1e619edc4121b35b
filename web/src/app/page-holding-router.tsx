import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type RouteObject } from 'react-router';
import { loadPagesFor, pagesLoadedFor } from './lazy-pages.tsx';

/**
 * React Router's BrowserRouter, except that a navigation to a page whose chunk has not arrived
 * keeps the current page, and the address the app reads, until it has (or has failed), while
 * the layout's thin bar shows the wait. BrowserRouter gets that from React's transitions, which
 * Preact does not have (docs/decisions/009-preact-compat.md): without this, every such navigation
 * would swap the page for the spinner. The latest navigation wins, as a newer transition would.
 */
export function PageHoldingRouter({ routes, children }: { routes: RouteObject[]; children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [shown, setShown] = useState({ action: history.action, location: history.location });

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen((update) => {
      const navigation = ++latest;
      const { pathname } = update.location;
      if (pagesLoadedFor(routes, pathname)) setShown(update);
      else void loadPagesFor(routes, pathname).then(() => navigation === latest && setShown(update));
    });
  }, [history, routes]);

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      {children}
    </Router>
  );
}

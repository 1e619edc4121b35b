import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { inLaterTask } from '@/lib/later-tasks.ts';
import { matchesFor } from './route-matches.ts';

/** Each converted route's page, for `loadPagesFor`. */
const pages = new WeakMap<RouteObject, LazyPage>();

/**
 * The route tables (here and in features/<name>/routes.tsx) declare pages as
 * `lazy: lazyRoute(id, () => import(…))`. The app runs React Router in declarative mode, whose
 * runtime is half the size of the data router's and has no `lazy`: this turns each into an
 * element that suspends while its chunk loads, once, when the table is built.
 */
export function withLazyPages(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy: load, children, ...rest } = route;
    if (load !== undefined && typeof load !== 'function')
      throw new Error('Route lazy objects are not supported; use lazyRoute()');
    const page = load ? lazyPage(load) : null;
    const converted = {
      ...rest,
      ...(page ? { element: <page.Page /> } : {}),
      ...(children ? { children: withLazyPages(children) } : {}),
    } as RouteObject;
    if (page) pages.set(converted, page);
    return converted;
  });
}

interface LazyPage {
  Page: ComponentType;
  /** Starts the page's chunk (once: loadPagesFor and the page share one download). */
  load: () => Promise<void>;
  loaded: () => boolean;
}

/**
 * A page that suspends while its chunk loads, and renders at once when the chunk is already here
 * (main.tsx waits for the first page's before the first render): Preact's `lazy` suspends on its
 * first render whatever the state of the download, so the first paint would be the spinner.
 */
function lazyPage(load: () => Promise<{ Component?: RouteObject['Component'] }>): LazyPage {
  let loading: Promise<void> | undefined;
  let Loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  const start = () =>
    (loading ??= load().then(
      ({ Component }) => {
        if (!Component) throw new Error('A lazy route must provide a Component');
        Loaded = Component;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function Page() {
    if (Loaded) return <Loaded />;
    if (failure) throw failure.error;
    // Suspense waits for this and renders again; the error boundary then shows a failure.
    throw start().catch(() => undefined);
  }
  return { Page, load: start, loaded: () => Loaded !== undefined || failure !== undefined };
}

/**
 * Starts the chunks of the pages `pathname` shows (a table made by withLazyPages) and settles
 * when they have arrived or failed (the page then shows the failure as it would have). The first
 * (outermost) now, each other in a task of its own: starting a chunk writes a preload link for
 * every chunk it imports, and a signed-in page's layout, page and their imports together made a
 * 20–25 ms task on this machine, several times that on a slow phone (trace:web, issue 31).
 */
export async function loadPagesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const matched = (matchesFor(routes, pathname) ?? []).flatMap(({ route }) => pages.get(route) ?? []);
  const loads = matched.map((page, index) =>
    index === 0 ? page.load() : new Promise<void>((resolve) => inLaterTask(() => resolve(page.load()))),
  );
  await Promise.allSettled(loads);
}

/** Whether every page `pathname` shows has its chunk (arrived or failed): it renders without waiting. */
export function pagesLoadedFor(routes: RouteObject[], pathname: string): boolean {
  return (matchesFor(routes, pathname) ?? []).every(({ route }) => pages.get(route)?.loaded() ?? true);
}

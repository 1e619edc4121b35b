import { lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** Each converted route's page loader (the same promise React.lazy waits for), for `loadPagesFor`. */
const pageLoaders = new WeakMap<RouteObject, () => Promise<unknown>>();

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
    let loaded: Promise<{ default: NonNullable<RouteObject['Component']> }> | undefined;
    // Once, like React.lazy itself: loadPagesFor and the page share one download.
    const loadPage = load
      ? () =>
          (loaded ??= load().then(({ Component }) => {
            if (!Component) throw new Error('A lazy route must provide a Component');
            return { default: Component };
          }))
      : null;
    const Page = loadPage ? lazy(loadPage) : null;
    const converted = {
      ...rest,
      ...(Page ? { element: <Page /> } : {}),
      ...(children ? { children: withLazyPages(children) } : {}),
    } as RouteObject;
    if (loadPage) pageLoaders.set(converted, loadPage);
    return converted;
  });
}

/**
 * Starts the chunks of the pages `pathname` shows (a table made by withLazyPages) and settles
 * when they have arrived or failed (the page then shows the failure as it would have).
 */
export async function loadPagesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) => pageLoaders.get(route)?.());
  await Promise.allSettled(loads);
}

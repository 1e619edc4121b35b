import { lazy } from 'react';
import type { RouteObject } from 'react-router';

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
    const Page = load
      ? lazy(async () => {
          const { Component } = await load();
          if (!Component) throw new Error('A lazy route must provide a Component');
          return { default: Component };
        })
      : null;
    return {
      ...rest,
      ...(Page ? { element: <Page /> } : {}),
      ...(children ? { children: withLazyPages(children) } : {}),
    } as RouteObject;
  });
}

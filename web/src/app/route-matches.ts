import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/**
 * React Router's matches of `pathname`, worked out once per address and kept for the last few.
 * `matchRoutes` flattens and ranks the whole route table (some sixty routes) on every call, and
 * an address was matched twice in a row: for its pages' chunks (lazy-pages.tsx) and to render it
 * (AppRoutes). On a slow phone, cold, that was a fifth of the first render's task (issue 31).
 */
const KEPT = 16;
const byTable = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

export function matchesFor(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let kept = byTable.get(routes);
  if (!kept) byTable.set(routes, (kept = new Map()));
  if (kept.has(pathname)) return kept.get(pathname)!;
  const matches = matchRoutes(routes, pathname);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(pathname, matches);
  return matches;
}

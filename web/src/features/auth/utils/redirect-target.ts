/** Where to go after signing in: the page the guard sent us from (PRODUCT.md §2), else home. */
export function redirectTarget(state: unknown, fallback = '/'): string {
  if (!state || typeof state !== 'object' || !('from' in state)) return fallback;
  const from = (state as { from?: unknown }).from;
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const location = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof location.pathname === 'string') {
      path = `${location.pathname}${typeof location.search === 'string' ? location.search : ''}${
        typeof location.hash === 'string' ? location.hash : ''
      }`;
    }
  }
  // Same-site paths only, and never back to the sign-in pages themselves.
  if (!path || !path.startsWith('/') || path.startsWith('//') || /^\/(login|signup)\b/.test(path)) return fallback;
  return path;
}

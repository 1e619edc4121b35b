import type { QueryClient } from '@tanstack/react-query';
import { preloadImage } from '@/lib/preload-image.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { partQueryOptions } from './api/get-part.ts';

const PURCHASE_PATH = /^\/purchase\/([^/]+)\/?$/;

/**
 * Starts the purchase page's part, and once it is here its photo (the page's largest paint), while
 * the page's chunk downloads and the session is asked for, instead of after the signed-in page's
 * first render: on a slow phone they were two round trips after everything else (issue 31). Only
 * with an access token stored: without one the page sends the visitor to sign in.
 */
export function prefetchPurchase(queryClient: QueryClient, pathname: string): void {
  const encoded = PURCHASE_PATH.exec(pathname)?.[1];
  if (encoded === undefined || tokenStorage.get() === null) return;
  let id: string;
  try {
    id = decodeURIComponent(encoded);
  } catch {
    return; // A malformed address: the page shows what it shows for it, with its own request.
  }
  queryClient.fetchQuery(partQueryOptions(id)).then(
    (part) => preloadImage(part.img),
    () => undefined, // The page's own query shows the failure.
  );
}

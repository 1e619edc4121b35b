import type { QueryClient } from '@tanstack/react-query';
import { preloadImage } from '@/lib/preload-image.ts';
import { partQueryOptions } from './api/get-part.ts';

/**
 * Starts the purchase page's part, and once it is here its photo (the page's largest paint), while
 * the page's chunk downloads and the session is asked for, instead of after the signed-in page's
 * first render: on a slow phone they were two round trips after everything else (issue 31).
 */
export function prefetchPurchase(queryClient: QueryClient, partId: string): void {
  queryClient.fetchQuery(partQueryOptions(partId)).then(
    (part) => preloadImage(part.img),
    () => undefined, // The page's own query shows the failure.
  );
}

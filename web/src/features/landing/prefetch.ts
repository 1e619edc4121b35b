import type { QueryClient } from '@tanstack/react-query';
import { homePartsQueryOptions } from './api/get-parts.ts';
import { reviewsQueryOptions } from './api/get-reviews.ts';

/** The hero picture: the largest thing on the landing page's first screen. */
export const HERO_IMAGE = '/images/hero.svg';

/**
 * Starts what the landing page needs while its chunk downloads, instead of after it renders:
 * its data, and the hero picture (the page's largest paint), at high priority.
 */
export function prefetchLanding(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(homePartsQueryOptions());
  void queryClient.prefetchQuery(reviewsQueryOptions());
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = HERO_IMAGE;
  link.fetchPriority = 'high';
  document.head.append(link);
}

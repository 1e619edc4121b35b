import type { QueryClient } from '@tanstack/react-query';
import { preloadImage } from '@/lib/preload-image.ts';
import { homePartsQueryOptions } from './api/get-parts.ts';

/** The hero picture: the largest thing on the landing page's first screen. */
export const HERO_IMAGE = '/images/hero.svg';

/**
 * Starts what the landing page's first screen needs while its chunk downloads, instead of after
 * it renders: its three parts, and the hero picture (the page's largest paint), at high priority.
 * Not the reviews: their section renders once the browser is idle and asks then, so their request
 * does not share the first screen's bandwidth (it was in Lighthouse's largest-paint chain).
 */
export function prefetchLanding(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(homePartsQueryOptions());
  preloadImage(HERO_IMAGE);
}

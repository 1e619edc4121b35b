import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http.ts';

/** PRODUCT.md §9: 3 retries, back-off from 1 s doubling up to 30 s, unused results kept 5 minutes. */
export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** A 4xx will not change by asking again (429 included: the back-off would only add load). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_GC_TIME_MS },
      mutations: { retry: false },
    },
  });
}

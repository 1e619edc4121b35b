import type { Review } from '@torque/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** `GET /api/review`: every client review. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return request<Review[]>('/api/review', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: queryRoots.reviews, queryFn: ({ signal }) => getReviews(signal), staleTime: 30_000 });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}

import type { Review, ReviewInput } from '@torque/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';
import { queryRoots } from '@/lib/query-keys.ts';

/** The landing page's reviews list, shared by key: a new review shows there at once. */

/** `POST /api/review`: posted under the signed-in account's name. */
export function createReview(input: ReviewInput): Promise<Review> {
  return request<Review>('/api/review', { method: 'POST', body: input });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.reviews }),
  });
}

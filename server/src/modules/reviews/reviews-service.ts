import type { Review } from '@torque/contract';
import type { Caller } from '../../plugins/access.ts';
import type { NewReview, ReviewsRepository } from './reviews-repository.ts';

/** What reviews ask of the store's accounts (the users module answers). */
export interface ReviewerNames {
  /** The name to put on a review: the account's display name, else its email. */
  displayNameOf(userId: string, email: string): Promise<string>;
}

/** Client reviews: anyone reads them, newest first; a signed-in user adds one under their account's name. */
export function createReviewsService(deps: { repository: ReviewsRepository; names: ReviewerNames }) {
  const { repository, names } = deps;
  return {
    list: (): Promise<Review[]> => repository.list(),

    async add(caller: Caller, input: Pick<NewReview, 'comment' | 'rating'>): Promise<Review> {
      const name = await names.displayNameOf(caller.userId, caller.email);
      return repository.add({ userId: caller.userId, name, comment: input.comment, rating: input.rating });
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;

import { z } from 'zod';
import { id, wholeNumber } from './common.ts';

export const review = z.object({
  _id: id,
  name: z.string(),
  comment: z.string(),
  rating: z.number().int().min(1).max(5),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

/** Body of `POST /api/review`. The name comes from the signed-in user, never from the body. */
export const reviewInput = z.object({
  comment: z.string().trim().max(1000, 'Comment must be at most 1000 characters').default(''),
  rating: wholeNumber('Rating', 1, 5),
});
export type ReviewInput = z.input<typeof reviewInput>;

import type { Review } from '@torque/contract';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';

type ReviewRow = typeof reviews.$inferSelect;

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  comment: row.comment,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
});

export interface NewReview {
  userId: string;
  name: string;
  comment: string;
  rating: Review['rating'];
}

export function createReviewsRepository(db: Db) {
  return {
    /** Newest first. */
    async list(): Promise<Review[]> {
      return (await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id))).map(toReview);
    },

    async add(review: NewReview): Promise<Review> {
      const [row] = await db.insert(reviews).values(review).returning();
      return toReview(row!);
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

import { errorBody, review, reviewInput } from '@torque/contract';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviews } from '../../db/schema/index.ts';
import { callerOf } from '../../plugins/access.ts';
import { displayNameOf } from '../users/users-repository.ts';

type ReviewRow = typeof reviews.$inferSelect;
const toReview = (row: ReviewRow) => ({
  _id: row.id,
  name: row.name,
  comment: row.comment,
  rating: row.rating,
  createdAt: row.createdAt.toISOString(),
});

/** Reviews are public to read; posting needs a signed-in user, whose account name is used. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/review',
    {
      config: { access: 'public' },
      schema: { tags: ['reviews'], summary: 'Client reviews, newest first', response: { 200: z.array(review) } },
    },
    async () => (await app.db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id))).map(toReview),
  );

  app.post(
    '/api/review',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary: 'Add a review as the signed-in user',
        security: [{ bearer: [] }],
        body: reviewInput,
        response: { 201: review, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const name = await displayNameOf(app.db, caller.userId, caller.email);
      const [row] = await app.db
        .insert(reviews)
        .values({ userId: caller.userId, name, comment: request.body.comment, rating: request.body.rating })
        .returning();
      return reply.status(201).send(toReview(row!));
    },
  );
};

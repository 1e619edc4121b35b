import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReviewsRepository } from './reviews-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReturnType<typeof createReviewsRepository>;
  }
}

export const reviewsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('reviews', createReviewsRepository(app.db));
  },
  { name: 'reviews', dependencies: ['database'] },
);

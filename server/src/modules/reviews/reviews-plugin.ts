import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReviewsRepository } from './reviews-repository.ts';
import { createReviewsService, type ReviewsService } from './reviews-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
  }
}

export const reviewsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('reviews', createReviewsService({ repository: createReviewsRepository(app.db), names: app.users }));
  },
  { name: 'reviews', dependencies: ['database', 'users'] },
);

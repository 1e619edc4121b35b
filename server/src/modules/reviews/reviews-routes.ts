import { errorBody, review, reviewInput } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.ts';

/** Reviews are public to read; posting needs a signed-in user, whose account name is used. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/review',
    {
      config: { access: 'public' },
      schema: { tags: ['reviews'], summary: 'Client reviews, newest first', response: { 200: z.array(review) } },
    },
    async () => app.reviews.list(),
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
    async (request, reply) => reply.status(201).send(await app.reviews.add(callerOf(request), request.body)),
  );
};

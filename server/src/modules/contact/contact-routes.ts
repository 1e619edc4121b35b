import { contactInput, contactReceipt, errorBody } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema/index.ts';

/** The landing page's contact form. Stored for the team to answer; rate-limited per address. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: app.rateLimits.contact },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team',
        body: contactInput,
        response: { 201: contactReceipt, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const [row] = await app.db.insert(contactMessages).values(request.body).returning({ id: contactMessages.id });
      return reply.status(201).send({ _id: row!.id, received: true as const });
    },
  );
};

import { contactInput, contactReceipt, errorBody } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
      const id = await app.contactMessages.add(request.body);
      return reply.status(201).send({ _id: id, received: true as const });
    },
  );
};

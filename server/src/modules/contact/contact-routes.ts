import {
  contactHandledInput,
  contactIdParams,
  contactInput,
  contactMessage,
  contactQuery,
  contactReceipt,
  errorBody,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/keyset-page.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const bearer = [{ bearer: [] }];

/** The landing page's contact form, and the admins' inbox of its messages. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contact } = app;

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
      const id = await contact.add(request.body);
      return reply.status(201).send({ _id: id, received: true as const });
    },
  );

  app.get(
    '/api/contact',
    {
      config: { access: 'admin', pagedList: true },
      schema: {
        tags: ['contact'],
        summary: 'The inbox (admin): messages newest first, paged',
        description:
          'Always paged (50 without `limit`), with `X-Total-Count` and `Link: <…>; rel="next"`. ' +
          '`handled=false`: the open messages (their count is the menu badge).',
        security: bearer,
        querystring: contactQuery,
        response: { 200: z.array(contactMessage), ...errors },
      },
    },
    async (request, reply) => {
      const { messages, page } = await contact.list(request.query);
      setPageHeaders(request, reply, page);
      return messages;
    },
  );

  app.put(
    '/api/contact/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['contact'],
        summary: 'Mark a message handled, or open again (admin)',
        security: bearer,
        params: contactIdParams,
        body: contactHandledInput,
        response: { 200: contactMessage, ...errors },
      },
    },
    async (request) => contact.setHandled(request.params.id, request.body.handled),
  );
};

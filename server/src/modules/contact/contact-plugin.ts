import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactRepository } from './contact-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contactMessages: ReturnType<typeof createContactRepository>;
  }
}

export const contactPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('contactMessages', createContactRepository(app.db, app.config.ADMIN_EMAILS));
  },
  { name: 'contact', dependencies: ['database', 'mail'] },
);

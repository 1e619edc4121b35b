import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactRepository } from './contact-repository.ts';
import { createContactService, type ContactService } from './contact-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactService;
  }
}

export const contactPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'contact',
      createContactService({
        repository: createContactRepository(app.db, app.config.ADMIN_EMAILS),
        secret: app.config.authSecret,
        wakeMail: () => app.mail.poke(),
      }),
    );
  },
  { name: 'contact', dependencies: ['database', 'mail'] },
);

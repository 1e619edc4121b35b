import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository } from './users-repository.ts';
import { createUsersService, type UsersService } from './users-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
  }
}

/** The store's view of accounts (profile fields and roles on better-auth's user table). */
export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'users',
      createUsersService({
        repository: createUsersRepository(app.db),
        secret: app.config.authSecret,
        sessionsChanged: (userId) => app.sessionValidity.forgetUser(userId),
      }),
    );
  },
  { name: 'users', dependencies: ['database', 'access-tokens'] },
);

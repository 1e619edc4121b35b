import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository, type UsersRepository } from './users-repository.ts';
import { createUsersService, type UsersService } from './users-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    /** Make Admin's paged, searched list. */
    userList: UsersService;
  }
}

/** The store's view of accounts (profile fields and roles on better-auth's user table). */
export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createUsersRepository(app.db);
    app.decorate('users', repository);
    app.decorate('userList', createUsersService({ repository, secret: app.config.authSecret }));
  },
  { name: 'users', dependencies: ['database'] },
);

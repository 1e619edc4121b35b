import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository, type UsersRepository } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

/** The store's view of accounts (profile fields and roles on better-auth's user table). */
export const usersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('users', createUsersRepository(app.db));
  },
  { name: 'users', dependencies: ['database'] },
);

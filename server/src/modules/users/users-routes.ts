import {
  accessTokenResponse,
  adminFlag,
  emailParams,
  emailQuery,
  errorBody,
  profileUpdate,
  user,
  userIdParams,
  usersQuery,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/keyset-page.ts';
import { assertOwner, callerOf } from '../../plugins/access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const bearer = [{ bearer: [] }];

/** PRODUCT.md §7 user calls, with PRODUCT.md §11's rules: own record only, unless admin. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;

  app.put(
    '/api/user/:email',
    {
      config: { access: 'session' },
      schema: {
        tags: ['users'],
        summary: 'Exchange the signed-in identity session for an access token (own email only)',
        params: emailParams,
        response: { 200: accessTokenResponse, ...errors },
      },
    },
    async (request) => {
      const session = await app.identity.sessionOf(request);
      if (!session) throw unauthorized('Sign in first');
      if (session.email !== request.params.email.toLowerCase())
        throw forbidden('You can only get a token for your own account');
      if (app.adminEmails.has(session.email) && session.role !== 'admin') {
        await users.setRole(session.email, 'admin');
        session.role = 'admin';
      }
      const record = await users.byEmail(session.email);
      if (!record) throw unauthorized('Sign in first');
      const { token, expiresAt } = await app.accessTokens.issue({
        userId: record._id,
        email: record.email,
        role: record.role,
        sessionId: session.sessionId,
      });
      return { accessToken: token, expiresAt: expiresAt.toISOString(), user: record };
    },
  );

  app.get(
    '/api/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'A user record (own, or any for admins)',
        security: bearer,
        querystring: emailQuery,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      assertOwner(callerOf(request), request.query.email, 'admin-allowed');
      return (await users.byEmail(request.query.email)) ?? Promise.reject(notFound('User'));
    },
  );

  app.put(
    '/api/user-update',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Update your own profile: name, address, phone, linkedin',
        security: bearer,
        querystring: emailQuery,
        body: profileUpdate,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.email !== request.query.email.toLowerCase()) throw forbidden('You can only update your own profile');
      return (await users.updateProfile(caller.email, request.body)) ?? Promise.reject(notFound('User'));
    },
  );

  app.get(
    '/api/all-user',
    {
      config: { access: 'admin', pagedList: true },
      schema: {
        tags: ['users'],
        summary: 'Every user (admin): whole, or paged and searched',
        description:
          'Without `limit` or `q` every account, oldest first (compatibility form); otherwise newest first. With `limit` one page with `X-Total-Count` and `Link: <…>; rel="next"`; `q` ' +
          'matches part of the name or the e-mail address.',
        security: bearer,
        querystring: usersQuery,
        response: { 200: z.array(user), ...errors },
      },
    },
    async (request, reply) => {
      const { users: found, page } = await app.userList.list(request.query);
      if (page) setPageHeaders(request, reply, page);
      return found;
    },
  );

  app.put(
    '/api/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Make a user an admin (admin)',
        security: bearer,
        params: emailParams,
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      const promoted = await users.setRole(request.params.email, 'admin');
      if (!promoted) throw notFound('User');
      app.sessionValidity.forgetUser(promoted._id);
      return promoted;
    },
  );

  app.delete(
    '/api/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user and end their sessions (admin); the last admin stays',
        security: bearer,
        params: userIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...errors, 409: errorBody },
      },
    },
    async (request) => {
      const outcome = await users.remove(request.params.id);
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'last-admin') throw conflict('The last admin cannot be deleted', 'LAST_ADMIN');
      app.sessionValidity.forgetUser(request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );

  app.get(
    '/api/admin/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Is this account an admin? (own, or any for admins)',
        security: bearer,
        params: emailParams,
        response: { 200: adminFlag, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      assertOwner(caller, request.params.email, 'admin-allowed');
      const record = await users.byEmail(request.params.email);
      if (!record) throw notFound('User');
      return { admin: record.role === 'admin' };
    },
  );
};

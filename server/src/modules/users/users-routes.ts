import {
  adminFlag,
  emailParams,
  emailQuery,
  errorBody,
  profile,
  profileUpdate,
  user,
  userIdParams,
  usersQuery,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { setPageHeaders } from '../../lib/keyset-page.ts';
import { assertOwner, callerOf } from '../../plugins/access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const bearer = [{ bearer: [] }];

/**
 * PRODUCT.md §7 user calls, with PRODUCT.md §11's rules: own record only, unless admin. The token
 * exchange, `PUT /api/user/:email`, is identity's (identity/token-routes.ts).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;

  app.get(
    '/api/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'A user record (own, or any for admins)',
        description:
          "PRODUCT.md §7's record and, beside it, `company`: the account's company (`_id`, `name`, its `role` " +
          'there, the payment `terms` or null), or null when it belongs to none.',
        security: bearer,
        querystring: emailQuery,
        response: { 200: profile, ...errors },
      },
    },
    async (request) => {
      assertOwner(callerOf(request), request.query.email, 'admin-allowed');
      const record = await users.profile(request.query.email);
      return { ...record, company: await app.companies.profileCompanyOf(record._id) };
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
      return users.updateProfile(caller.email, request.body);
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
      const { users: found, page } = await users.list(request.query);
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
    async (request) => users.promote(request.params.email),
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
      await users.remove(request.params.id);
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
      assertOwner(callerOf(request), request.params.email, 'admin-allowed');
      return { admin: await users.isAdmin(request.params.email) };
    },
  );
};

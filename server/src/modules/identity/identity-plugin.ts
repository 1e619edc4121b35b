import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth-routes.ts';
import { createAuth, type Auth } from './auth.ts';
import { fetchHeaders } from './better-auth-bridge.ts';
import { googlePopupRoutes } from './google-popup-routes.ts';

export interface IdentitySession {
  sessionId: string;
  userId: string;
  email: string;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: { auth: Auth; sessionOf(request: FastifyRequest): Promise<IdentitySession | null> };
    adminEmails: ReadonlySet<string>;
  }
}

/**
 * better-auth (email + password, Google through OpenID Connect, sessions in the database) and
 * its routes. The access tokens the API checks are access-tokens-plugin.ts's.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const adminEmails = new Set(app.config.ADMIN_EMAILS);
    const auth = createAuth(app.config, app.db, adminEmails, app.log, {
      sendResetPassword: (user, token) =>
        app.mail.enqueue('password-reset', user.email, { name: user.name, email: user.email, token }),
      passwordWasReset: (userId) => app.sessionValidity.forgetUser(userId),
    });

    async function sessionOf(request: FastifyRequest): Promise<IdentitySession | null> {
      const result = await auth.api.getSession({ headers: fetchHeaders(request) });
      if (!result) return null;
      const u = result.user as { id: string; email: string; role?: string };
      return {
        sessionId: result.session.id,
        userId: u.id,
        email: u.email.toLowerCase(),
        role: u.role === 'admin' ? 'admin' : 'user',
      };
    }

    app.decorate('identity', { auth, sessionOf });
    app.decorate('adminEmails', adminEmails);
    await app.register(authRoutes);
    await app.register(googlePopupRoutes);
  },
  { name: 'identity', dependencies: ['database', 'access', 'access-tokens', 'rate-limits', 'mail'] },
);

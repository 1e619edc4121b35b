import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth-routes.ts';
import { createAuth, type Auth } from './auth.ts';
import { fetchHeaders } from './better-auth-bridge.ts';
import { googlePopupRoutes } from './google-popup-routes.ts';
import { createIdentityService, type IdentityService, type IdentitySession } from './identity-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService & { auth: Auth; sessionOf(request: FastifyRequest): Promise<IdentitySession | null> };
  }
}

/**
 * better-auth (email + password, Google through OpenID Connect, sessions in the database), its
 * routes, and the token exchange (identity-service.ts, served by token-routes.ts). The access
 * tokens the API checks are access-tokens-plugin.ts's; accounts' records are the users module's.
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

    const service = createIdentityService({ accounts: app.users, accessTokens: app.accessTokens, adminEmails });
    app.decorate('identity', { ...service, auth, sessionOf });
    await app.register(authRoutes);
    await app.register(googlePopupRoutes);
  },
  { name: 'identity', dependencies: ['database', 'access', 'access-tokens', 'rate-limits', 'mail', 'users'] },
);

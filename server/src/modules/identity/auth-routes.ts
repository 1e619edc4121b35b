import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from './auth.ts';
import { forwardToBetterAuth } from './better-auth-bridge.ts';

/** better-auth's own routes under /api/auth, behind our rate limits. */
export async function authRoutes(app: FastifyInstance) {
  const forward = forwardToBetterAuth(app.identity.auth, app.config.publicUrl);
  const limits = app.rateLimits;

  for (const path of ['/sign-in/email', '/sign-up/email']) {
    app.post(`${AUTH_BASE_PATH}${path}`, {
      config: { access: 'public', rateLimit: limits.signInPerIp },
      preHandler: app.extraRateLimit(limits.signInPerAccount),
      schema: {
        tags: ['identity'],
        summary: path === '/sign-in/email' ? 'Sign in with email and password' : 'Create an account',
      },
      handler: forward,
    });
  }

  app.post(`${AUTH_BASE_PATH}/sign-out`, {
    config: { access: 'public' },
    schema: { tags: ['identity'], summary: 'Sign out: revokes the session server-side' },
    handler: async (request, reply) => {
      const current = await app.identity.sessionOf(request);
      const sent = await forward(request, reply);
      if (current) app.sessionValidity.forgetSession(current.sessionId);
      return sent;
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public', rateLimit: limits.authGeneral },
    schema: { hide: true },
    handler: forward,
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, withheldResetMail } from './auth.ts';
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

  // "Send me a link": limited per address (429) and per account (the body's email), so nobody
  // can flood an inbox or probe addresses. Past the account's count the request still goes to
  // better-auth (same checks, same answer) but no e-mail is written: a 429 there would tell
  // anyone the limit was reached and refuse the owner, whom the links already sent still reach.
  const accountCount = app.createRateLimit(limits.passwordResetPerAccount);
  const pastAccountCount = new WeakSet<FastifyRequest>();
  app.post(`${AUTH_BASE_PATH}/request-password-reset`, {
    config: { access: 'public', rateLimit: limits.passwordResetPerIp },
    preHandler: async (request) => {
      const count = await accountCount(request);
      if (!count.isAllowed && count.isExceeded) pastAccountCount.add(request);
    },
    schema: {
      tags: ['identity'],
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
    },
    handler: (request, reply) =>
      pastAccountCount.has(request)
        ? withheldResetMail.run(true, () => forward(request, reply))
        : forward(request, reply),
  });

  app.post(`${AUTH_BASE_PATH}/reset-password`, {
    config: { access: 'public', rateLimit: limits.signInPerIp },
    schema: { tags: ['identity'], summary: "Set a new password with the e-mailed token; ends the account's sessions" },
    handler: forward,
  });

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

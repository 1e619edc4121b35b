import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH } from './auth.ts';
import { fetchHeaders } from './better-auth-bridge.ts';

/**
 * The Google popup starts here: begin the OpenID Connect flow and send the popup to Google. Every
 * way it can end, failures included, lands on the SPA's /auth/complete, which tells the opener.
 */
export async function googlePopupRoutes(app: FastifyInstance) {
  const { auth } = app.identity;
  app.get(`${AUTH_BASE_PATH}/google/popup`, {
    config: { access: 'public', rateLimit: app.rateLimits.signInPerIp },
    schema: { tags: ['identity'], summary: 'Start Google sign-in in a popup window' },
    handler: async (request, reply) => {
      if (!app.config.googleEnabled) return reply.redirect('/auth/complete?error=google_not_configured');
      const response = await auth.api.signInSocial({
        body: {
          provider: 'google',
          callbackURL: '/auth/complete',
          errorCallbackURL: '/auth/complete',
          disableRedirect: true,
        },
        headers: fetchHeaders(request),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!response.ok || !url) return reply.redirect('/auth/complete?error=google_unavailable');
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.redirect(url);
    },
  });
}

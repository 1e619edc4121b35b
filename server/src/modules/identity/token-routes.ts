import { accessTokenResponse, emailParams, errorBody } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The token exchange: an identity session becomes the access token the SPA sends as Bearer. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/user/:email',
    {
      config: { access: 'session' },
      schema: {
        tags: ['users'],
        summary: 'Exchange the signed-in identity session for an access token (own email only)',
        params: emailParams,
        response: { 200: accessTokenResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => app.identity.exchange(await app.identity.sessionOf(request), request.params.email),
  );
};

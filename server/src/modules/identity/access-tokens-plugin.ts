import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { AccessTokenError, createAccessTokens, type AccessTokens } from './access-token.ts';
import { createSessionValidity, type SessionValidity } from './session-validity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    sessionValidity: SessionValidity;
  }
}

/**
 * The API's access tokens (docs/decisions/003): issued by the token exchange, checked on every
 * 'user' and 'admin' route by plugins/access.ts. A token must verify and its session must still
 * be alive with the same role.
 */
export const accessTokensPlugin = fp(
  async (app: FastifyInstance) => {
    const accessTokens = createAccessTokens(app.config.authSecret);
    const sessionValidity = createSessionValidity(app.db);

    async function verifyAccessToken(request: FastifyRequest): Promise<Caller> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized('Sign in to continue');
      let caller: Caller;
      try {
        caller = await accessTokens.verify(token);
      } catch (error) {
        if (error instanceof AccessTokenError && error.problem === 'expired')
          throw unauthorized('Your session token has expired', 'TOKEN_EXPIRED');
        throw unauthorized('Your session token is not valid', 'TOKEN_INVALID');
      }
      const state = await sessionValidity.check(caller.sessionId, caller.userId, caller.role);
      if (state === 'revoked') throw unauthorized('Your session has ended. Please sign in again', 'SESSION_REVOKED');
      // The role changed since the token was issued: the client exchanges its session again.
      if (state === 'stale') throw unauthorized('Your permissions changed. Refreshing your session', 'TOKEN_EXPIRED');
      return caller;
    }

    app.decorate('accessTokens', accessTokens);
    app.decorate('sessionValidity', sessionValidity);
    app.decorate('verifyAccessToken', verifyAccessToken);
  },
  { name: 'access-tokens', dependencies: ['database'] },
);

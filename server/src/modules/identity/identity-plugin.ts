import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { AccessTokenError, createAccessTokens, type AccessTokens } from './access-token.ts';
import { AUTH_BASE_PATH, authFailures, createAuth, type Auth } from './auth.ts';
import { createSessionValidity, type SessionValidity } from './session-validity.ts';

export interface IdentitySession {
  sessionId: string;
  userId: string;
  email: string;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: { auth: Auth; sessionOf(request: FastifyRequest): Promise<IdentitySession | null> };
    accessTokens: AccessTokens;
    sessionValidity: SessionValidity;
    adminEmails: ReadonlySet<string>;
  }
}

/** Request headers as a Fetch `Headers`, minus an access token (a JWT is not a session token). */
function fetchHeaders(request: FastifyRequest, { dropJwt }: { dropJwt: boolean }): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (dropJwt && key === 'authorization' && String(value).split('.').length === 3) continue;
    for (const v of [value].flat()) headers.append(key, String(v));
  }
  return headers;
}

/** Copies a Fetch `Response` from better-auth onto Fastify's reply, every Set-Cookie kept. */
async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

const hasErrorMessage = (response: Response): Promise<boolean> =>
  response
    .clone()
    .json()
    .then(
      (body: { message?: unknown } | null) => typeof body?.message === 'string',
      () => false,
    );

export const identityPlugin = fp(async (app: FastifyInstance) => {
  const adminEmails = new Set(app.config.ADMIN_EMAILS);
  const auth = createAuth(app.config, app.db, adminEmails, app.log);
  const accessTokens = createAccessTokens(app.config.authSecret);
  const sessionValidity = createSessionValidity(app.db);

  async function sessionOf(request: FastifyRequest): Promise<IdentitySession | null> {
    const result = await auth.api.getSession({ headers: fetchHeaders(request, { dropJwt: true }) });
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
  app.decorate('accessTokens', accessTokens);
  app.decorate('sessionValidity', sessionValidity);
  app.decorate('adminEmails', adminEmails);

  const verifyAccessToken = async (request: FastifyRequest): Promise<Caller> => {
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
  };
  app.verifyAccessToken = verifyAccessToken;

  await app.register(authRoutes);
});

/** better-auth's own routes under /api/auth, behind our rate limits. */
async function authRoutes(app: FastifyInstance) {
  const { auth } = app.identity;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, app.config.publicUrl);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const headers = fetchHeaders(request, { dropJwt: true });
    if (hasBody) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const failure: { error?: unknown } = {};
    const response = await authFailures.run(failure, () =>
      auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      ),
    );
    // Behind better-auth's bare 500: the error handler answers for it (503 for a lost database).
    if (response.status >= 500 && failure.error) throw failure.error;
    // better-auth answers a path it does not serve with a bare `null` 404: errors carry a body.
    if (response.status >= 400 && response.status < 500 && !(await hasErrorMessage(response))) {
      throw response.status === 404
        ? new AppError(404, 'NOT_FOUND', `No API route ${request.method} ${url.pathname}`)
        : new AppError(response.status, 'BAD_REQUEST', 'The request is not valid');
    }
    return sendFetchResponse(reply, response);
  };

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

  // The Google popup starts here: begin the OAuth flow and send the popup to Google.
  app.get(`${AUTH_BASE_PATH}/google/popup`, {
    config: { access: 'public', rateLimit: limits.signInPerIp },
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
        headers: fetchHeaders(request, { dropJwt: true }),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!response.ok || !url) return reply.redirect('/auth/complete?error=google_unavailable');
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.redirect(url);
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

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * Who may call a route. Every route must declare one in `config.access`; a route without it
 * fails at registration, so nothing is ever open by accident (fail closed).
 *  - public:  anyone
 *  - session: a signed-in identity session (cookie or its bearer), for the token exchange
 *  - user:    a valid access token (any role)
 *  - admin:   a valid access token whose role is admin
 *  - webhook: authenticated by the provider's signature inside the handler
 *  - token:   an operator's bearer token from the configuration, checked inside the handler
 *             (GET /api/metrics: METRICS_TOKEN; 404 while none is configured)
 */
export type Access = 'public' | 'session' | 'user' | 'admin' | 'webhook' | 'token';

export interface Caller {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the access hook for 'user' and 'admin' routes. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Resolves the caller from the request's bearer token, or throws 401 (modules/identity/access-tokens-plugin.ts). */
    verifyAccessToken(request: FastifyRequest): Promise<Caller>;
    /** Every route's access level, by "METHOD /url" (the authorization-matrix test reads it). */
    routeAccess: Map<string, Access>;
  }
}

/**
 * Needs the access-token verifier (modules/identity/access-tokens-plugin.ts) registered first;
 * fastify-plugin checks that at start instead of anyone remembering the order.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);
    app.decorate('routeAccess', new Map<string, Access>());

    app.addHook('onRoute', (route) => {
      if (route.method === 'HEAD' || !route.url.startsWith('/api')) return;
      // The API reference (a third-party plugin) is public documentation.
      const access = route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);
      if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
      for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, access);
    });

    app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
      const access = request.routeOptions.config.access;
      if (access !== 'user' && access !== 'admin') return;
      request.caller = await app.verifyAccessToken(request);
      if (access === 'admin' && request.caller.role !== 'admin') throw forbidden('Only admins can do this');
    });
  },
  { name: 'access', dependencies: ['access-tokens'] },
);

/** For handlers of 'user'/'admin' routes, where the hook has already set the caller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/**
 * The one ownership rule: a resource's owner may act on it; an admin too where `admin` says so
 * (an admin may read any order, but has no card to pay for one). Anyone else gets 403.
 */
export function assertOwner(caller: Caller, ownerEmail: string, admin: 'admin-allowed' | 'owner-only'): void {
  const isOwner = caller.email.toLowerCase() === ownerEmail.toLowerCase();
  if (isOwner || (admin === 'admin-allowed' && caller.role === 'admin')) return;
  throw forbidden('This belongs to another account');
}

/**
 * The read rule of an order and its documents (issue 30): its owner, an admin, or a member of
 * the company the order was placed for (asked only when the caller is neither). Anyone else 403.
 */
export async function assertReader(
  caller: Caller,
  ownerEmail: string,
  companyMember: () => Promise<boolean>,
): Promise<void> {
  const isOwner = caller.email.toLowerCase() === ownerEmail.toLowerCase();
  if (isOwner || caller.role === 'admin' || (await companyMember())) return;
  throw forbidden('This belongs to another account');
}

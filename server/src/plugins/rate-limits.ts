import { once } from 'node:events';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';

export interface RateLimits {
  signInPerIp: RateLimitOptions;
  signInPerAccount: RateLimitOptions;
  authGeneral: RateLimitOptions;
  contact: RateLimitOptions;
  passwordResetPerIp: RateLimitOptions;
  passwordResetPerAccount: RateLimitOptions;
  orders: RateLimitOptions;
  payments: RateLimitOptions;
  catalogueLists: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    /**
     * A preHandler for a second limit on a route whose `config.rateLimit` holds the first.
     * @fastify/rate-limit runs one of its own hooks per request and skips the rest, so a
     * second `app.rateLimit()` on the same route would never count anything.
     */
    extraRateLimit(options: RateLimitOptions): preHandlerAsyncHookHandler;
  }
}

/** Per route and account (the body's email), so sign-in and sign-up count apart in Redis too. */
const accountKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.routeOptions.url}:account:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
};

function tooManyAttempts(waitSeconds: number): AppError {
  const wait = waitSeconds >= 60 ? `${Math.ceil(waitSeconds / 60)} minute` : `${Math.max(1, waitSeconds)} second`;
  const plural = wait.startsWith('1 ') ? '' : 's';
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${wait}${plural} and try again.`);
}

/** Imported only when REDIS_URL is set: a single instance never loads the client. */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}

/**
 * Rate limits live in Redis when REDIS_URL is set (shared by every instance), else in memory.
 * RATE_LIMIT_SCALE multiplies every limit for test suites and load benchmarks: limits stay on.
 * They run at preHandler so a per-account limit can read the body's email.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const scale = app.config.RATE_LIMIT_SCALE;
    const redis = app.config.REDIS_URL ? await connectRedis(app.config.REDIS_URL) : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limits fall open while it is away)'));
      app.addHook('onClose', async () => void redis.disconnect());
      // Without the offline queue, a command sent before the connection is up fails and the
      // request goes uncounted: wait for it (briefly) so limits hold from the first request.
      await once(redis, 'ready', { signal: AbortSignal.timeout(2000) }).catch((err: unknown) =>
        app.log.warn({ err }, 'redis is not reachable: rate limits fall open until it is'),
      );
    }

    await app.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      ...(redis ? { redis, nameSpace: `${app.config.REDIS_KEY_PREFIX}rl:`, skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => tooManyAttempts(Math.ceil(context.ttl / 1000)),
    });

    app.decorate('extraRateLimit', (options: RateLimitOptions): preHandlerAsyncHookHandler => {
      const check = app.createRateLimit(options);
      return async (request, reply) => {
        const limit = await check(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        reply.header('retry-after', limit.ttlInSeconds);
        throw tooManyAttempts(limit.ttlInSeconds);
      };
    });

    const per = (max: number, timeWindow: string, extra: Partial<RateLimitOptions> = {}): RateLimitOptions => ({
      max: Math.max(1, Math.round(max * scale)),
      timeWindow,
      ...extra,
    });
    app.decorate('rateLimits', {
      signInPerIp: per(30, '1 minute'),
      signInPerAccount: per(10, '1 minute', { keyGenerator: accountKey }),
      authGeneral: per(120, '1 minute'),
      contact: per(5, '1 minute'),
      passwordResetPerIp: per(10, '15 minutes'),
      passwordResetPerAccount: per(3, '15 minutes', { keyGenerator: accountKey }),
      orders: per(60, '1 minute', { keyGenerator: (r) => `orders:${r.caller?.userId ?? r.ip}` }),
      // Each payment route per customer (issue 24): repeating one asks the provider every time.
      // GET /api/parts searched, filtered or paged, per address (issue 24): the catalogue page
      // asks once per page or debounced search; 600 a minute leaves room for an office behind one address.
      catalogueLists: per(600, '1 minute', { keyGenerator: (r) => `catalogue-lists:${r.ip}` }),
      payments: per(30, '1 minute', {
        keyGenerator: (r) => `payments:${r.method} ${r.routeOptions.url}:${r.caller?.userId ?? r.ip}`,
      }),
    });
  },
  { name: 'rate-limits', dependencies: ['database'] },
);

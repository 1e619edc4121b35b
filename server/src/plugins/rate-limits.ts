import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export interface RateLimits {
  signInPerIp: RateLimitOptions;
  signInPerAccount: RateLimitOptions;
  authGeneral: RateLimitOptions;
  contact: RateLimitOptions;
  orders: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

const accountKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `account:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
};

/**
 * Rate limits live in Redis when REDIS_URL is set (shared by every instance), else in memory.
 * RATE_LIMIT_SCALE multiplies every limit for test suites and load benchmarks: limits stay on.
 * They run at preHandler so a per-account limit can read the body's email.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const scale = app.config.RATE_LIMIT_SCALE;
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limits fall open while it is away)'));
    app.addHook('onClose', async () => void redis.disconnect());
  }

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: 'torque-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
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
    orders: per(60, '1 minute', { keyGenerator: (r) => `orders:${r.caller?.userId ?? r.ip}` }),
  });
});

import { publicConfig, type PublicConfig } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/**
 * What the browser needs to know about this server's set-up; nothing secret. Answered by
 * `GET /api/config` and written into index.html (plugins/spa.ts), so the app has it without a request.
 */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    paymentProvider: config.PAYMENT_PROVIDER,
    stripePublishableKey: config.PAYMENT_PROVIDER === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    googleEnabled: config.googleEnabled,
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = publicConfigOf(app.config);
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { tags: ['config'], summary: 'Public configuration', response: { 200: publicConfig } },
    },
    async () => body,
  );
};

import { publicConfig } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the browser needs to know about this server's set-up; nothing secret. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = {
    paymentProvider: app.config.PAYMENT_PROVIDER,
    stripePublishableKey: app.config.PAYMENT_PROVIDER === 'stripe' ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    googleEnabled: app.config.googleEnabled,
  };
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { tags: ['config'], summary: 'Public configuration', response: { 200: publicConfig } },
    },
    async () => body,
  );
};

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrdersRepository, type OrdersRepository } from '../orders/orders-repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentsService, type PaymentsService } from './payments-service.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import type { StripeProvider } from './stripe-provider.ts';

export interface Commerce {
  orders: OrdersRepository;
  payments: PaymentsService;
  provider: PaymentProvider;
  /** Set when PAYMENT_PROVIDER=sandbox (its confirm call is ours to serve). */
  sandbox: SandboxProvider | null;
  /** Set when PAYMENT_PROVIDER=stripe (its webhook is ours to verify). */
  stripe: StripeProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    commerce: Commerce;
  }
}

/** Orders and the configured payment provider, built once and shared by their routes. */
export const commercePlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const orders = createOrdersRepository(app.db);
  const sandbox = config.PAYMENT_PROVIDER === 'sandbox' ? createSandboxProvider(app.db) : null;
  // Imported only when configured: the SDK is ~1 MB of code a sandbox deployment never runs.
  const stripe =
    config.PAYMENT_PROVIDER === 'stripe'
      ? (await import('./stripe-provider.ts')).createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY!,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const provider: PaymentProvider = (sandbox ?? stripe)!;
  const payments = createPaymentsService({ orders, provider, log: app.log });
  app.decorate('commerce', { orders, payments, provider, sandbox, stripe });
});

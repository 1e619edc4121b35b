import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createHoldPayments } from './hold-payments.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentsRepository } from './payments-repository.ts';
import { createPaymentsService, type PaymentsService } from './payments-service.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** The provider PAYMENT_PROVIDER names. Stripe's SDK (~1 MB of code) is imported only when configured. */
async function providerFor(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'sandbox') return createSandboxProvider(db);
  const { createStripeProvider } = await import('./stripe-provider.ts');
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY!,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
    apiUrl: config.STRIPE_API_URL,
  });
}

/**
 * Card payments: the configured provider behind the payments service. Orders come first: this
 * plugin writes the payment record in the order machine's paying statement and gives the hold
 * sweep its way of asking the provider.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const provider = await providerFor(app.config, app.db);
    const repository = createPaymentsRepository(app.db);
    const service = createPaymentsService({ orders: app.orders, repository, provider, log: app.log });
    app.orders.events.writeWith('paid', repository.recordWriter);
    app.orders.useHoldPayments(
      createHoldPayments({ provider, recordPayment: (intent) => service.recordPayment(intent) }),
    );
    app.decorate('payments', service);
  },
  { name: 'payments', dependencies: ['database', 'orders'] },
);

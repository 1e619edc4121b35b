import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountsRepository } from './accounts-repository.ts';
import { createAccountsService, type AccountsService } from './accounts-service.ts';
import { createPaymentReminders } from './payment-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pay on account (issue 30): terms for checkout, the company's credit. */
    accounts: AccountsService;
    /** Queues the overdue reminders due at `at` (default: now); resolves with how many. Tests move the clock with it. */
    remindOverdue(at?: Date): Promise<number>;
  }
}

/**
 * Pay on account (issue 30, PRODUCT.md §26): the service checkout asks for a buyer's terms, and
 * the overdue reminders, run in every instance from onReady to onClose (payment-reminders.ts).
 * Placing on account and recording a payment are the order machine's (orders module).
 */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createAccountsRepository(app.db);
    app.decorate('accounts', createAccountsService(repository));
    const reminders = createPaymentReminders({
      repository,
      log: app.log,
      pollMs: app.config.PAYMENT_REMINDER_POLL_MS,
      poke: () => app.mail.poke(),
    });
    app.decorate('remindOverdue', (at?: Date) => reminders.run(at));
    app.addHook('onReady', async () => reminders.start());
    app.addHook('onClose', async () => reminders.stop());
  },
  { name: 'accounts', dependencies: ['database', 'orders', 'mail'] },
);

import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  CardConfirmation,
  CreateIntentInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
} from './payment-provider.ts';
import { chargeOutcome, type CardOutcome, type SandboxCard } from './sandbox-cards.ts';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

const toIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  orderId: row.orderId,
});

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Stripe answers a refund of an intent that was never charged with this. */
const notRefundable = (id: string) =>
  new AppError(409, 'NOT_REFUNDABLE', `Payment ${id} has not succeeded, so there is nothing to refund`);

/**
 * An in-process card processor with Stripe's PaymentIntent life cycle. Intents live in the
 * database so every server instance sees the same ones; of a card only brand and last 4 digits
 * are stored, never the number or the CVC.
 */
export function createSandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',

    async createIntent(input: CreateIntentInput) {
      const [open] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            eq(sandboxPaymentIntents.orderId, input.orderId),
            eq(sandboxPaymentIntents.amount, input.amountCents),
            ne(sandboxPaymentIntents.status, 'canceled'),
          ),
        );
      if (open) return toIntent(open);
      const id = `pi_sandbox_${token(18)}`;
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(24)}`,
          amount: input.amountCents,
          currency: input.currency,
          orderId: input.orderId,
        })
        .returning();
      return toIntent(row!);
    },

    async retrieveIntent(id: string) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id: string) {
      // Like Stripe: a succeeded intent cannot be cancelled (it is refunded instead).
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')))
        .returning();
      return row ? toIntent(row) : this.retrieveIntent(id);
    },

    async refund(intentId: string, amountCents: number): Promise<ProviderRefund> {
      // The sandbox keeps a refund on its intent (Stripe keeps a Refund object beside it); the
      // guard makes a repeated refund of one intent answer the same refund.
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'refunded' })
        .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, 'succeeded')))
        .returning();
      const intent = row ?? (await this.retrieveIntent(intentId));
      if (!intent || intent.status !== 'refunded') throw notRefundable(intentId);
      return { id: `re_${intentId}`, status: 'succeeded', amount: Math.min(amountCents, intent.amount) };
    },

    // The sandbox calls the store directly (confirmCard); it sends no webhooks.
    parseWebhook: () => null,

    async intentByClientSecret(clientSecret: string) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      return row ? toIntent(row) : null;
    },

    async confirmCard(clientSecret: string, card: SandboxCard): Promise<CardConfirmation> {
      return db.transaction(async (tx) => {
        // Row lock: two confirmations of one intent (a double click, two tabs) take turns.
        const [row] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
          .for('update');
        if (!row) return { kind: 'not-found' } as const;
        if (row.status === 'succeeded') return { kind: 'succeeded', intent: toIntent(row) } as const;
        if (row.status !== 'requires_payment_method') {
          return {
            kind: 'declined',
            code: 'payment_intent_unexpected_state',
            message: `This payment can no longer be made: it has a status of ${row.status}.`,
          } as const;
        }
        const outcome: CardOutcome = chargeOutcome(card);
        const [updated] = await tx
          .update(sandboxPaymentIntents)
          .set({
            status: outcome.ok ? 'succeeded' : 'requires_payment_method',
            cardBrand: outcome.brand ?? null,
            cardLast4: outcome.last4 ?? null,
            lastError: outcome.ok ? null : outcome.code,
          })
          .where(eq(sandboxPaymentIntents.id, row.id))
          .returning();
        const intent = toIntent(updated!);
        return outcome.ok
          ? ({ kind: 'succeeded', intent } as const)
          : ({ kind: 'declined', code: outcome.code, message: outcome.message } as const);
      });
    },
  };
}

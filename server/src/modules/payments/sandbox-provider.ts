import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentIntents } from '../../db/schema/index.ts';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider.ts';
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

export type ConfirmResult =
  | { kind: 'succeeded'; intent: ProviderIntent }
  | { kind: 'declined'; intent: ProviderIntent; code: string; message: string }
  | { kind: 'not-found' };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  byClientSecret(clientSecret: string): Promise<ProviderIntent | null>;
  /** What Stripe.js's confirmCardPayment does: charge the card against the intent. */
  confirm(clientSecret: string, card: SandboxCard): Promise<ConfirmResult>;
}

/**
 * An in-process card processor with Stripe's PaymentIntent life cycle. Intents live in the
 * database so every server instance sees the same ones; of a card only brand and last 4 digits
 * are stored, never the number or the CVC.
 */
export function createSandboxProvider(db: Db): SandboxProvider {
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

    async byClientSecret(clientSecret: string) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
      return row ? toIntent(row) : null;
    },

    async confirm(clientSecret: string, card: SandboxCard): Promise<ConfirmResult> {
      return db.transaction(async (tx) => {
        // Row lock: two confirmations of one intent (a double click, two tabs) take turns.
        const [row] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
          .for('update');
        if (!row) return { kind: 'not-found' } as const;
        if (row.status === 'succeeded') return { kind: 'succeeded', intent: toIntent(row) } as const;
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
          : ({ kind: 'declined', intent, code: outcome.code, message: outcome.message } as const);
      });
    },
  };
}

import { z } from 'zod';
import { id, money, text } from './common.ts';
import { order } from './orders.ts';

export const paymentProviderName = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderName>;

/** Body of `POST /api/create-payment-intent`. A original-client `price` is checked, never trusted. */
export const paymentIntentInput = z.object({ orderId: id, price: money('price').optional() });
export const paymentIntent = z.object({
  clientSecret: z.string(),
  /** Smallest currency unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
});
export type PaymentIntent = z.infer<typeof paymentIntent>;

/** The sandbox's card confirmation: what Stripe.js does for Stripe. */
export const sandboxCard = z.object({
  number: z.string().trim().max(30, 'Your card number is invalid.'),
  expMonth: z.coerce
    .number<string | number>()
    .int()
    .min(1, 'Your card’s expiration month is invalid.')
    .max(12, 'Your card’s expiration month is invalid.'),
  expYear: z.coerce.number<string | number>().int().min(0).max(9999),
  cvc: z.string().trim().max(4, 'Your card’s security code is invalid.'),
});
export const sandboxConfirmInput = z.object({
  clientSecret: text('clientSecret', 300),
  card: sandboxCard,
  billingEmail: z.email().max(254).optional(),
});
export type SandboxConfirmInput = z.input<typeof sandboxConfirmInput>;
/** The charged intent and the order it paid (already recorded: nothing is left to replay). */
export const sandboxConfirmResult = z.object({ id: z.string(), status: z.literal('succeeded'), order });

/** Body of `POST /api/payment`: original-client fields accepted; the server records what the order says. */
export const paymentRecordInput = z.object({ paymentId: text('paymentId', 200) });
export const paymentRecord = z.object({
  _id: id,
  paymentId: z.string(),
  orderId: id,
  price: z.number(),
  quantity: z.number().int(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

import { z } from 'zod';
import { errorBody } from './common.ts';
import { PAYMENT_REFERENCE_MAX, PO_NUMBER_MAX, utcDay } from './account-rules.ts';

// The rules without zod (the web's pages import them alone).
export * from './account-rules.ts';

/**
 * Pay on account (issue 30, PRODUCT.md §26): a company a shop admin granted payment terms
 * (Net N days, a credit limit) buys on credit. Its buyers check out with `paymentMethod:
 * 'account'` and an optional PO number; the order is invoiced when placed and due N days later;
 * a shop admin records the payment. Money in dollars in the API, integer cents in the server.
 */

/** A PO number: trimmed text of at most 40 characters; empty means none. */
export const poNumberField = z
  .string({ message: 'PO number must be text' })
  .trim()
  .max(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`)
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** An on-account order's terms and payment as its JSON carries them (`order.account`; null for card orders). */
export const orderAccount = z.object({
  poNumber: z.string().nullable(),
  /** The terms it was placed under (Net N). */
  netDays: z.number().int(),
  /** YYYY-MM-DD: the placing date (UTC) + netDays. Overdue from the next day while unpaid. */
  dueOn: z.string(),
  /** When the shop recorded the payment; null while open. */
  paymentRecordedAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** YYYY-MM-DD: the day the money arrived, as the shop recorded it. */
  paidOn: z.string().nullable(),
  /** Overdue reminders e-mailed so far. */
  remindersSent: z.number().int(),
});
export type OrderAccount = z.infer<typeof orderAccount>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Body of `POST /api/order/:id/record-payment` (shop admins): the bank's reference and the day the money arrived. */
export const recordPaymentInput = z.object({
  reference: z
    .string({ message: 'reference must be text' })
    .trim()
    .max(PAYMENT_REFERENCE_MAX, `reference must be at most ${PAYMENT_REFERENCE_MAX} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  paidOn: z
    .string({ message: 'paidOn must be a date (YYYY-MM-DD)' })
    .regex(ISO_DAY, 'paidOn must be a date (YYYY-MM-DD)')
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: 'paidOn must be a date (YYYY-MM-DD)',
      },
    )
    .refine((v) => v >= '2000-01-01', { message: 'paidOn is too far in the past' })
    .refine((v) => v <= utcDay(new Date(Date.now() + 86_400_000)), { message: 'paidOn cannot be in the future' })
    .optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

/** `GET /api/company/credit` (company members): the company's terms and how much of its credit is used. */
export const companyCredit = z.object({
  netDays: z.number().int(),
  creditLimit: z.number(),
  /** The company's on-account orders not yet paid (gross). */
  openBalance: z.number(),
  /** creditLimit − openBalance, never below 0. */
  available: z.number(),
});
export type CompanyCredit = z.infer<typeof companyCredit>;

/** 409 CREDIT_LIMIT: the order would take the open balance past the limit; nothing was placed. */
export const creditLimitRefusal = errorBody.extend({
  creditLimit: z.number(),
  openBalance: z.number(),
  orderTotal: z.number(),
});
export type CreditLimitRefusal = z.infer<typeof creditLimitRefusal>;

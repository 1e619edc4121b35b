/**
 * Pay on account's rules without zod (issue 30, PRODUCT.md §26): the web's checkout and order
 * pages import them alone (`@torque/contract/account-rules`), so the schemas stay out of their chunks.
 */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PO_NUMBER_MAX = 40;
export const PAYMENT_REFERENCE_MAX = 80;

/** Today as YYYY-MM-DD in UTC (the calendar due dates are written in). */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** An open on-account order is overdue once its due date has passed (the day after `dueOn`, UTC). */
export function isOverdue(
  order: { account: { dueOn: string; paymentRecordedAt: string | null } | null; refundedAt?: string | null },
  at: Date = new Date(),
): boolean {
  const account = order.account;
  return !!account && account.paymentRecordedAt === null && !order.refundedAt && account.dueOn < utcDay(at);
}

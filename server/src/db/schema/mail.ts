import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/**
 * The transactional outbox (docs/ARCHITECTURE.md, "E-mail"): a row is written by the same
 * statement or transaction as the change that causes the message, and modules/mail's worker
 * delivers it later. `template` + `payload` are rendered at delivery; the Message-ID is made
 * from `id`, so a resend after a crash carries the same one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    /** One address, or several separated by commas (the contact message to ADMIN_EMAILS). */
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the next try after a failure, with exponential back-off. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while it is in the future, no other worker takes the row. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** The last invoice number given out per calendar year (UTC): INV-2026-000123 is the 123rd of 2026. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

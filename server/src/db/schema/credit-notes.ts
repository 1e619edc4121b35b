import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** The last credit-note number given out per calendar year (UTC): CN-2026-000012 is the 12th of 2026. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A credit note (issue 29, migration 0015): issued in the statement that records an order's
 * refund (modules/invoices/credit-notes.ts), referencing the order's invoice. `gross_cents` is
 * the amount credited, stated as a positive amount; the per-rate amounts are the order's.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** CN-YYYY-NNNNNN, gap-free per year. */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceNumber: text('invoice_number').notNull(),
    grossCents: integer('gross_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    index('credit_notes_order_id_idx').on(t.orderId, t.issuedAt),
    check('credit_notes_gross_positive', sql`${t.grossCents} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './identity.ts';
import { timestamps } from './timestamps.ts';

/**
 * Companies (issue 30, migration 0018): a shop admin grants payment terms (`net_days` and
 * `credit_limit_cents`, both or neither).
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    netDays: integer('net_days'),
    creditLimitCents: integer('credit_limit_cents'),
    ...timestamps,
  },
  (t) => [check('companies_terms_both', sql`(${t.netDays} is null) = (${t.creditLimitCents} is null)`)],
);

/** A company's people: an account belongs to at most one company (`user_id` is unique). */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'buyer'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role', sql`${t.role} in ('admin', 'buyer')`),
  ],
);

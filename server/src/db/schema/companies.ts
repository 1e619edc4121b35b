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
    /** Migration 0019: the tax number's country and VIES status, checked when a shop admin sets it. */
    taxIdCountry: text('tax_id_country'),
    taxIdStatus: text('tax_id_status', { enum: ['valid', 'invalid', 'unverified'] }),
    /**
     * Migration 0023: the background re-check of an `unverified` number, as tax_ids' (when VIES
     * last answered or was asked, the next try, the tries so far and the claiming instance's lease).
     */
    taxIdCheckedAt: timestamp('tax_id_checked_at', { withTimezone: true }),
    taxIdNextCheckAt: timestamp('tax_id_next_check_at', { withTimezone: true }),
    taxIdAttempts: integer('tax_id_attempts').notNull().default(0),
    taxIdClaimedUntil: timestamp('tax_id_claimed_until', { withTimezone: true }),
    netDays: integer('net_days'),
    creditLimitCents: integer('credit_limit_cents'),
    ...timestamps,
  },
  (t) => [
    check('companies_terms_both', sql`(${t.netDays} is null) = (${t.creditLimitCents} is null)`),
    check('companies_tax_id_status', sql`${t.taxIdStatus} in ('valid', 'invalid', 'unverified')`),
    index('companies_tax_id_due_idx')
      .on(t.taxIdNextCheckAt)
      .where(sql`${t.taxIdStatus} = 'unverified'`),
  ],
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

/**
 * Invitations a company admin sends (migration 0019): only the token's SHA-256 hash is kept; the
 * link works until `expires_at` and once (`accepted_at`).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_invitations_company_idx').on(t.companyId, t.createdAt)],
);

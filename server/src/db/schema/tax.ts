import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './identity.ts';
import { timestamps } from './timestamps.ts';

/**
 * Tax rates by destination (issue 29, migration 0014): a country, and a region where it taxes by
 * region; `region` null is the whole country. `rateMilli`: thousandths of a percent (8.875 % = 8875).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region'),
    rateMilli: integer('rate_milli').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tax_rates_country_region_idx').on(t.country, sql`coalesce(${t.region}, '')`),
    check('tax_rates_rate_range', sql`${t.rateMilli} >= 0 and ${t.rateMilli} <= 100000`),
  ],
);

/**
 * A buyer's own tax number and what VIES said of it. `country` is null for a number that is no EU
 * VAT number. Unverified rows are re-checked in the background (modules/tax/tax-id-rechecker.ts):
 * `next_check_at` with back-off by `attempts`, claimed under a lease (`claimed_until`).
 */
export const taxIds = pgTable(
  'tax_ids',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    taxId: text('tax_id').notNull(),
    country: text('country'),
    status: text('status').$type<'valid' | 'invalid' | 'unverified'>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('tax_ids_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'unverified'`),
    check('tax_ids_status', sql`${t.status} in ('valid', 'invalid', 'unverified')`),
  ],
);

/** Resale/exemption certificates by account e-mail: 0 % until `expiresOn` (inclusive, the shop's time zone). */
export const taxExemptions = pgTable('tax_exemptions', {
  email: text('email').primaryKey(),
  certificate: text('certificate').notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  ...timestamps,
});

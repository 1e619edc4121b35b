import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './identity.ts';
import { timestamps } from './timestamps.ts';

/**
 * An account's address book (issue 28, migration 0013): at most one default shipping and one
 * default billing address per account (partial unique indexes). The contract's address-rules
 * check country and postal code before a row is written.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    label: text('label'),
    company: text('company'),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postalCode: text('postal_code'),
    city: text('city').notNull(),
    region: text('region'),
    country: text('country').notNull(),
    phone: text('phone'),
    defaultShipping: boolean('default_shipping').notNull().default(false),
    defaultBilling: boolean('default_billing').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_id_idx').on(t.userId),
    uniqueIndex('addresses_default_shipping_idx')
      .on(t.userId)
      .where(sql`${t.defaultShipping}`),
    uniqueIndex('addresses_default_billing_idx')
      .on(t.userId)
      .where(sql`${t.defaultBilling}`),
  ],
);

/** One weight band of a rate table: up to `upToGrams` (inclusive) costs `priceCents`. */
export interface StoredRateBand {
  upToGrams: number;
  priceCents: number;
}

/** Shipping methods (issue 28), managed by admins; `rates` in increasing `upToGrams`. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    carrier: text('carrier').notNull(),
    countries: text('countries').array().notNull(),
    rates: jsonb('rates').$type<StoredRateBand[]>().notNull(),
    freeOverCents: integer('free_over_cents'),
    carriesHazardous: boolean('carries_hazardous').notNull().default(false),
    estimateMinDays: integer('estimate_min_days').notNull(),
    estimateMaxDays: integer('estimate_max_days').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('shipping_methods_estimate_order', sql`${t.estimateMinDays} <= ${t.estimateMaxDays}`)],
);

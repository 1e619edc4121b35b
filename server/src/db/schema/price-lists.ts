import type { PriceBreak } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, primaryKey, timestamp, text, uuid } from 'drizzle-orm/pg-core';
import { parts } from './catalogue.ts';
import { companies } from './companies.ts';
import { timestamps } from './timestamps.ts';

/**
 * Price lists (issue 30, migration 0020, PRODUCT.md §25): a percentage off and/or fixed prices per
 * part for the companies named, valid in [valid_from, valid_to). `version` grows with every edit;
 * the placing statements compare it.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check(
      'price_lists_percent_off_range',
      sql`${t.percentOff} is null or (${t.percentOff} >= 0 and ${t.percentOff} <= 100)`,
    ),
    check('price_lists_window', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
  ],
);

/** Which companies a list applies to. */
export const priceListCompanies = pgTable(
  'price_list_companies',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.companyId] }),
    index('price_list_companies_company_idx').on(t.companyId),
  ],
);

/** A list's fixed price for a part, with its own breaks (like `parts.price_breaks`). */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.partId] }),
    index('price_list_prices_part_idx').on(t.partId),
    check('price_list_prices_price_cents', sql`${t.priceCents} >= 0`),
    check(
      'price_list_prices_breaks_list',
      sql`jsonb_typeof(${t.priceBreaks}) = 'array' and jsonb_array_length(${t.priceBreaks}) <= 10`,
    ),
  ],
);

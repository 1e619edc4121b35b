import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PART_WEIGHT_GRAMS, type PriceBreak } from '@torque/contract';
import { timestamps } from './timestamps.ts';

/**
 * Prices are integer cents; the API speaks dollars. Migrations 0001 and 0006 add what search reads
 * and nothing else does: generated word arrays `search_words` and `search_name_words` with a GIN
 * index, the `search_lexicon` word list and its triggers, and a btree per sort
 * (modules/catalogue/search/).
 */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    img: text('img').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    available: integer('available').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Fits every vehicle (PRODUCT.md §15); otherwise its rows in part_fitment say what it fits. */
    universal: boolean('universal').notNull().default(false),
    /**
     * The part's own number (PRODUCT.md §17); without one an insert takes the next of the shop's
     * series (`TP-` and the sequence `part_number_series`, migration 0010).
     */
    partNumber: text('part_number')
      .notNull()
      .default(sql`('TP-' || nextval('part_number_series'))`),
    /** The number's normal form (`part_number_normal()`, the contract's `normalisePartNumber`): unique. */
    partNumberNormal: text('part_number_normal')
      .notNull()
      .generatedAlwaysAs(sql`part_number_normal(part_number)`),
    brand: text('brand').notNull().default('Torque Parts'),
    /** A discontinued part's successor (PRODUCT.md §17); null while the part is current. */
    replacedBy: uuid('replaced_by').references((): AnyPgColumn => parts.id, { onDelete: 'set null' }),
    /** Grams (issue 28). An insert without one takes DEFAULT_PART_WEIGHT_GRAMS and `weight_defaulted`. */
    weightGrams: integer('weight_grams').notNull().default(DEFAULT_PART_WEIGHT_GRAMS),
    /** The weight was never given: Manage Products flags the part. */
    weightDefaulted: boolean('weight_defaulted').notNull().default(true),
    /** Hazardous goods: only shipping methods that carry them may ship the part. */
    hazardous: boolean('hazardous').notNull().default(false),
    /**
     * Quantity breaks above the part's own price (issue 30, migration 0016): in increasing
     * `minQuantity`, each cheaper than the tier before it, at most PRICE_BREAKS_MAX.
     */
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('parts_part_number_normal_idx').using('btree', sql`${t.partNumberNormal} text_pattern_ops`),
    check('parts_not_replaced_by_itself', sql`${t.replacedBy} is distinct from ${t.id}`),
    check('parts_available_not_negative', sql`${t.available} >= 0`),
    check('parts_minimum_order_positive', sql`${t.minimumOrder} >= 1`),
    check('parts_price_not_negative', sql`${t.priceCents} >= 0`),
    check('parts_weight_positive', sql`${t.weightGrams} >= 1`),
    check(
      'parts_price_breaks_list',
      sql`jsonb_typeof(${t.priceBreaks}) = 'array' and jsonb_array_length(${t.priceBreaks}) <= 10`,
    ),
  ],
);

/**
 * A part's edit version as the imports move it (migration 0025, catalogue/parts/part-version.ts):
 * the edit version is greatest(parts.updated_at, version). A narrow row, so an import that moves
 * 100,000 parts' versions does not write 100,000 new rows into the seven indexes of `parts`.
 */
export const partVersions = pgTable('part_versions', {
  partId: uuid('part_id')
    .primaryKey()
    .references(() => parts.id, { onDelete: 'cascade' }),
  version: timestamp('version', { withTimezone: true }).notNull(),
});

/**
 * Numbers that name a part elsewhere (PRODUCT.md §17): the vehicle maker's (`oe`), competitors'
 * (`competitor`) and old own numbers the part replaces (`replaces`). One row per part, kind and
 * number in normal form; the normal form's index serves exact and prefix lookups.
 */
export const partCrossReferences = pgTable(
  'part_cross_references',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['oe', 'competitor', 'replaces'] }).notNull(),
    brand: text('brand').notNull(),
    number: text('number').notNull(),
    numberNormal: text('number_normal')
      .notNull()
      .generatedAlwaysAs(sql`part_number_normal(number)`),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.kind, t.numberNormal] }),
    index('part_cross_references_number_idx').using('btree', sql`${t.numberNormal} text_pattern_ops`),
    check('part_cross_references_kind', sql`${t.kind} in ('oe', 'competitor', 'replaces')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the seeded reviews; a deleted user's reviews stay, with the name they gave. */
    userId: text('user_id'),
    name: text('name').notNull(),
    comment: text('comment').notNull(),
    rating: smallint('rating').notNull(),
    ...timestamps,
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  /** When an admin marked it handled; null while it is open. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  ...timestamps,
});

import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    ...timestamps,
  },
  (t) => [
    check('parts_available_not_negative', sql`${t.available} >= 0`),
    check('parts_minimum_order_positive', sql`${t.minimumOrder} >= 1`),
    check('parts_price_not_negative', sql`${t.priceCents} >= 0`),
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

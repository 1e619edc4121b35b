import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { parts } from './catalogue.ts';
import { user } from './identity.ts';

/**
 * Which vehicles a part fits (PRODUCT.md §15): one row per make, model and range of model years,
 * optionally for one engine. The vehicle index, `(lower(make), lower(model), year_from, year_to)
 * INCLUDE (part_id, engine)`, is hand-written in migration 0006 (drizzle-kit cannot express
 * INCLUDE), so the snapshot does not know it. The years' upper bound here is a sanity bound; the
 * API refuses anything past next year.
 */
export const partFitment = pgTable(
  'part_fitment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to').notNull(),
    engine: text('engine'),
    note: text('note'),
  },
  (t) => [
    index('part_fitment_part_id_idx').on(t.partId),
    check('part_fitment_years', sql`${t.yearFrom} >= 1900 and ${t.yearTo} <= 2200 and ${t.yearFrom} <= ${t.yearTo}`),
  ],
);

/** "My garage": a customer's vehicles, position 0 the newest (at most GARAGE_MAX, checked by the API). */
export const garage = pgTable(
  'garage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: smallint('year').notNull(),
    engine: text('engine'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    check('garage_position_range', sql`${t.position} between 0 and 9`),
    check('garage_year_range', sql`${t.year} between 1900 and 2200`),
  ],
);

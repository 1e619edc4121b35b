import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parts } from './catalogue.ts';
import { user } from './identity.ts';

/**
 * A signed-in buyer's cart (issue 27, migration 0012): one line per part, in the order lines were
 * added (`position`). The quantity's bounds are the contract's (1 to CART_QUANTITY_MAX); the
 * number of lines (CART_LINES_MAX) is checked by the adding statement, in turn per account
 * (`cart_lines_in_turn`, modules/cart/cart-repository.ts).
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    index('cart_lines_part_id_idx').on(t.partId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 1000000`),
  ],
);

import { CART_LINES_MAX, CART_QUANTITY_MAX, type PriceBreak } from '@torque/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { priceBreaksOf } from '../../lib/price-breaks.ts';
import { idsParam, type Runner } from '../../lib/sql-lists.ts';

/** One line as the cart stores it: a part and how many. */
export interface StoredLine {
  partId: string;
  quantity: number;
}

/** A stored line with its part's list price and breaks as checkout reads them (`priceCents` null: the part is gone). */
export interface PricedLine extends StoredLine {
  priceCents: number | null;
  priceBreaks: PriceBreak[];
}

/** A part as the cart shows it today (its number, stock, price and successor). */
export interface CartPart {
  partId: string;
  partNumber: string;
  brand: string;
  name: string;
  img: string;
  minimumOrder: number;
  available: number;
  priceCents: number;
  /** Its quantity breaks (issue 30), what the pricing function prices a quantity by. */
  priceBreaks: PriceBreak[];
  /** The part that replaces this one (PRODUCT.md §17), or null. */
  successor: { _id: string; partNumber: string } | null;
}

/** A line with its part's list price, weight and hazardous flag, as shipping counts it. */
export interface WeighedLine extends StoredLine {
  priceCents: number;
  priceBreaks: PriceBreak[];
  weightGrams: number;
  hazardous: boolean;
}

/** A cart line with its part as it is now. */
export type CartRow = CartPart & { quantity: number };

/** What an add did: the lines were added, or nothing was (a part does not exist, or the cart would be too full). */
export type AddOutcome = 'added' | 'refused';

/** The part's columns the cart reads, `p` being the part and `s` its successor (left joined). */
const PART_COLUMNS = sql`
  p.id as "partId", p.part_number as "partNumber", p.brand, p.name, p.img,
  p.minimum_order as "minimumOrder", p.available, p.price_cents as "priceCents", p.price_breaks as "priceBreaks",
  case when s.id is null then null else json_build_object('_id', s.id, 'partNumber', s.part_number) end as "successor"`;

/** Lines as one JSON parameter, with their order (`ord`): `input(part_id, quantity, ord)`. */
const inputOf = (lines: readonly StoredLine[]): SQL => sql`
  input as (
    select (e.value->>'partId')::uuid as part_id, (e.value->>'quantity')::int as quantity, e.ord
    from json_array_elements(${JSON.stringify(lines)}::json) with ordinality as e(value, ord))`;

/**
 * $1 user id: the account's lines in the order they were added, each with its part's list price
 * and quantity breaks as they are now (null for a part that is gone): checkout prices the lines
 * from them, one statement instead of the cart's read and then the prices' (docs/PERFORMANCE.md,
 * "Checkout"); the placing statement checks they are still the part's.
 */
const STORED_LINES = `
  select c.part_id as "partId", c.quantity, p.price_cents as "priceCents", p.price_breaks as "priceBreaks"
  from cart_lines as c left join parts as p on p.id = c.part_id
  where c.user_id = $1::text order by c.position`;

/**
 * $1 user id, $2 part ids, $3 quantities: deletes the lines that are exactly these (a line changed
 * since stays). Checkout runs it after the order committed, so its own commit does not wait for
 * the disk (`synchronous_commit` off for this statement's transaction only, `async`, which the
 * WHERE reads so that it runs first): a crash in the next fraction of a second can only bring the
 * ordered lines back into the cart, the side checkout already accepts when this statement fails.
 * The order itself is committed durably by its own statement.
 */
const REMOVE_EXACTLY = `
  with async as (select set_config('synchronous_commit', 'off', true) as setting)
  delete from cart_lines as c using unnest($2::uuid[], $3::integer[]) as i(part_id, quantity)
  where c.user_id = $1::text and c.part_id = i.part_id and c.quantity = i.quantity
    and (select setting from async) is not null`;

/** Whether every part the input names exists (in the statement's snapshot). */
const EVERY_PART_EXISTS = sql`
  (select count(*) from parts where id in (select part_id from input)) = (select count(distinct part_id) from input)`;

/** A row from the driver: PGlite answers json as objects, node-postgres too; ints may come as text. */
function cartRow(r: Record<string, unknown>): CartRow {
  const successor = typeof r.successor === 'string' ? JSON.parse(r.successor) : r.successor;
  return {
    partId: String(r.partId),
    partNumber: String(r.partNumber),
    brand: String(r.brand),
    name: String(r.name),
    img: String(r.img),
    minimumOrder: Number(r.minimumOrder),
    available: Number(r.available),
    priceCents: Number(r.priceCents),
    priceBreaks: priceBreaksOf(r.priceBreaks),
    successor: (successor as CartPart['successor']) ?? null,
    quantity: Number(r.quantity ?? 0),
  };
}

/** PostgreSQL's foreign_key_violation: a part deleted between the check and the insert. */
const isMissingPart = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Every statement on `cart_lines` (migration 0012). The line cap is enforced inside the adding
 * statement, in turn per account (`cart_lines_in_turn`), so two adds at once never pass 200 lines
 * together; a quantity never passes CART_QUANTITY_MAX (`least`).
 */
export function createCartRepository(db: Db) {
  const rows = async (runner: Runner, query: SQL) => (await runner.execute<Record<string, unknown>>(query)).rows;

  return {
    /** The account's lines with their parts as they are now, in the order they were added. */
    async lines(userId: string): Promise<CartRow[]> {
      const found = await rows(
        db,
        sql`select ${PART_COLUMNS}, c.quantity
            from cart_lines c join parts p on p.id = c.part_id left join parts s on s.id = p.replaced_by
            where c.user_id = ${userId} order by c.position`,
      );
      return found.map(cartRow);
    },

    /**
     * The account's lines with what shipping weighs and prices them by (issue 28): one read, so
     * the shipping options cost one round trip for the whole cart.
     */
    async weighedLines(userId: string): Promise<WeighedLine[]> {
      const found = await rows(
        db,
        sql`select c.part_id as "partId", c.quantity, p.price_cents as "priceCents", p.price_breaks as "priceBreaks", p.weight_grams as "weightGrams", p.hazardous
            from cart_lines c join parts p on p.id = c.part_id where c.user_id = ${userId} order by c.position`,
      );
      return found.map((r) => ({
        partId: String(r.partId),
        quantity: Number(r.quantity),
        priceCents: Number(r.priceCents),
        priceBreaks: priceBreaksOf(r.priceBreaks),
        weightGrams: Number(r.weightGrams),
        hazardous: r.hazardous === true || r.hazardous === 't',
      }));
    },

    /** The account's lines as stored, in the order they were added. */
    async storedLines(userId: string): Promise<PricedLine[]> {
      // Prepared (checkout reads it before every order): planned once per connection.
      const found = await preparedQuery<{
        partId: unknown;
        quantity: unknown;
        priceCents: unknown;
        priceBreaks: unknown;
      }>(db, 'cart_priced_lines', STORED_LINES, [userId]);
      return found.map((r) => ({
        partId: String(r.partId),
        quantity: Number(r.quantity),
        priceCents: r.priceCents === null || r.priceCents === undefined ? null : Number(r.priceCents),
        priceBreaks: priceBreaksOf(r.priceBreaks),
      }));
    },

    /** Parts by id as the cart would show them (those that exist). */
    async parts(ids: readonly string[]): Promise<Map<string, CartPart>> {
      if (ids.length === 0) return new Map();
      const found = await rows(
        db,
        sql`select ${PART_COLUMNS} from parts p left join parts s on s.id = p.replaced_by where p.id in ${idsParam(ids)}`,
      );
      return new Map(found.map((r) => [String(r.partId), cartRow(r)]));
    },

    /** Of `ids`, those no part has. */
    async missingParts(ids: readonly string[]): Promise<Set<string>> {
      const found = await rows(db, sql`select id from parts where id in ${idsParam(ids)}`);
      const existing = new Set(found.map((r) => String(r.id)));
      return new Set(ids.filter((id) => !existing.has(id)));
    },

    /**
     * Adds `lines` (distinct parts) in one statement: a part already in the cart gets the
     * quantities added (at most CART_QUANTITY_MAX), a new one is appended. Nothing is added when a
     * part does not exist or the cart would hold more than CART_LINES_MAX lines; the caller asks
     * which (`missingParts`).
     */
    async add(userId: string, lines: readonly StoredLine[]): Promise<AddOutcome> {
      try {
        const added = await rows(
          db,
          sql`with ${inputOf(lines)},
              room as (select cart_lines_in_turn(${userId}, array(select part_id from input)) <= ${CART_LINES_MAX} as ok)
              insert into cart_lines (user_id, part_id, quantity)
              select ${userId}, i.part_id, least(i.quantity, ${CART_QUANTITY_MAX}) from input i
              where (select ok from room) and ${EVERY_PART_EXISTS}
              order by i.ord
              on conflict (user_id, part_id) do update
                set quantity = least(cart_lines.quantity + excluded.quantity, ${CART_QUANTITY_MAX})
              returning part_id`,
        );
        return added.length > 0 ? 'added' : 'refused';
      } catch (error) {
        if (isMissingPart(error)) return 'refused';
        throw error;
      }
    },

    /**
     * Makes the cart exactly `lines` (distinct parts, at most CART_LINES_MAX), in one transaction
     * taken in turn with the account's adds: lines not named go, named ones get their quantity,
     * lines already there keep their place and new ones follow in the order given. Answers false
     * (and changes nothing) when a part does not exist.
     */
    async replace(userId: string, lines: readonly StoredLine[]): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const [known] = await rows(
            tx,
            sql`with ${inputOf(lines)}
                select cart_lines_in_turn(${userId}, '{}'::uuid[]) >= 0 and ${EVERY_PART_EXISTS} as ok`,
          );
          if (known?.ok !== true) return false;
          await tx.execute(
            sql`with ${inputOf(lines)}
                delete from cart_lines where user_id = ${userId} and part_id not in (select part_id from input)`,
          );
          if (lines.length > 0)
            await tx.execute(
              sql`with ${inputOf(lines)}
                  insert into cart_lines (user_id, part_id, quantity)
                  select ${userId}, i.part_id, least(i.quantity, ${CART_QUANTITY_MAX}) from input i order by i.ord
                  on conflict (user_id, part_id) do update set quantity = excluded.quantity`,
            );
          return true;
        });
      } catch (error) {
        if (isMissingPart(error)) return false;
        throw error;
      }
    },

    /** Removes the lines whose part and quantity are exactly these (a line changed since stays). */
    async removeExactly(userId: string, lines: readonly StoredLine[]): Promise<void> {
      if (lines.length === 0) return;
      // Prepared, the lines as two arrays (checkout runs it after every order).
      await preparedQuery(db, 'cart_remove_exactly', REMOVE_EXACTLY, [
        userId,
        lines.map((l) => l.partId),
        lines.map((l) => l.quantity),
      ]);
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;

import { z } from 'zod';
import { id, imageLink, money, text, TEXT_MAX, wholeNumber } from './common.ts';
import { pageQuery } from './paging.ts';
import { engineName, fitmentInput, fitmentRow, makeName, modelName, modelYear } from './fitment.ts';
import {
  brandName,
  crossReference,
  crossReferencesInput,
  matchedBy,
  partNumberText,
  partSuccessor,
} from './part-numbers.ts';
import { PART_WEIGHT_MAX_GRAMS } from './shipping.ts';
import { PRICE_BREAK_QUANTITY_MAX, PRICE_BREAKS_MAX } from './price-break-rules.ts';

/** A quantity break as answered (issue 30): from `minQuantity` units on, one unit costs `price` dollars. */
export const priceBreak = z.object({ minQuantity: z.number().int(), price: z.number() });
export type PriceBreakJson = z.infer<typeof priceBreak>;

/**
 * A part's breaks as an admin writes them: each field's type and range here; their order and
 * prices against the part's (price-break-rules.ts `priceBreakProblems`) are checked by the
 * server with the part's price, and by the product form as the admin types.
 */
export const priceBreaksInput = z
  .array(
    z.object({
      minQuantity: wholeNumber('Break quantity', 2, PRICE_BREAK_QUANTITY_MAX),
      price: money('Break price'),
    }),
    { message: 'priceBreaks must be a list' },
  )
  .max(PRICE_BREAKS_MAX, `A part has at most ${PRICE_BREAKS_MAX} price breaks`);

export const part = z.object({
  _id: id,
  name: z.string(),
  des: z.string(),
  img: z.string(),
  minimunOrder: z.number().int(),
  available: z.number().int(),
  price: z.number(),
  /** Fits every vehicle (spark plugs of a size, tools): PRODUCT.md §15. */
  universal: z.boolean(),
  /** The part's own number (unique in normal form, PRODUCT.md §17), e.g. `BP-4471`. */
  partNumber: z.string(),
  /** The manufacturer; the shop's own brand unless set. */
  brand: z.string(),
  /** OE, competitors' and replaced numbers that name this part. */
  crossReferences: z.array(crossReference),
  /** A discontinued part's successor; null while the part is current. */
  replacedBy: partSuccessor.nullable(),
  /** Only in search answers (`?q=`) when a number matched: which one. */
  matchedBy: matchedBy.optional(),
  /** Grams, what shipping weighs it by (issue 28). */
  weightGrams: z.number().int(),
  /** The weight is DEFAULT_PART_WEIGHT_GRAMS because it was never given (Manage Products flags it). */
  weightDefaulted: z.boolean(),
  /** Hazardous goods (e.g. batteries, aerosols): only methods that carry them may ship it. */
  hazardous: z.boolean(),
  /**
   * Quantity breaks above the part's own price (its first tier, from 1 unit), in increasing
   * `minQuantity` (PRODUCT.md "Quantity price breaks"); empty when the part has none.
   */
  priceBreaks: z.array(priceBreak),
  /**
   * Only for a signed-in buyer whose company has a price list valid now (PRODUCT.md §25): what
   * one unit costs them (`price` stays the list price), and their own tiers above it, computed
   * by pricing.ts's `unitPriceFor` at every quantity where any tier starts.
   */
  yourPrice: z.number().optional(),
  yourPriceBreaks: z.array(priceBreak).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Only in lists asked for a vehicle (`?make=&model=&year=`): the part's fitment rows that
   * apply to it (empty for a universal part), so a card can show their notes.
   */
  fits: z.array(fitmentRow).optional(),
});
export type Part = z.infer<typeof part>;

/** `GET /api/parts/:id`: the part with its whole fitment (PRODUCT.md §15). */
export const partDetail = part.extend({ fitment: z.array(fitmentRow) });
export type PartDetail = z.infer<typeof partDetail>;

/** Body of `POST /api/parts` (admin). Field names are PRODUCT.md §3's, typo included. */
export const partInput = z.object({
  name: text('Name', TEXT_MAX.partName),
  des: text('Description', TEXT_MAX.partDescription),
  img: imageLink,
  minimunOrder: wholeNumber('Minimum order', 1),
  available: wholeNumber('Available quantity', 0),
  price: money('Price'),
  universal: z.boolean({ message: 'Universal must be true or false' }).optional(),
  /** Replaces the part's fitment rows when given (PRODUCT.md §15). */
  fitment: fitmentInput.optional(),
  /** Without it, a new part gets the next number of the shop's own series (`TP-10001`). */
  partNumber: partNumberText('Part number').optional(),
  /** Without it, a new part is the shop's own brand. */
  brand: brandName.optional(),
  /** Replaces the part's cross-references when given (PRODUCT.md §17). */
  crossReferences: crossReferencesInput.optional(),
  /** The successor's part number (any spelling of it), or null: the part is current. */
  replacedBy: partNumberText('Replaced by').nullable().optional(),
  /**
   * Grams. The product form requires it; an API call without it (the spec's add-product call)
   * gives a new part DEFAULT_PART_WEIGHT_GRAMS, flagged as `weightDefaulted`.
   */
  weightGrams: wholeNumber('Weight', 1, PART_WEIGHT_MAX_GRAMS).optional(),
  hazardous: z.boolean({ message: 'Hazardous must be true or false' }).optional(),
  /** Replaces the part's quantity breaks when given (`[]`: none). */
  priceBreaks: priceBreaksInput.optional(),
});
export type PartInput = z.input<typeof partInput>;

/**
 * Body of `PUT /api/parts/:id` (admin): any subset of the part's fields but stock. Stock moves
 * only by a delta (`POST /api/parts/:id/stock`), never by setting a number an order may have
 * just changed; an `available` sent here is stripped.
 */
export const partUpdate = partInput
  .omit({ available: true })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type PartUpdate = z.input<typeof partUpdate>;

/** The largest single stock movement. */
export const STOCK_MOVE_MAX = 1_000_000;

/** Body of `POST /api/parts/:id/stock` (admin): units to add; negative for a write-off. */
export const stockMove = z.object({
  add: z
    .number({ message: 'add must be a whole number' })
    .int('add must be a whole number')
    .min(-STOCK_MOVE_MAX, `add must be at least -${STOCK_MOVE_MAX}`)
    .max(STOCK_MOVE_MAX, `add must be at most ${STOCK_MOVE_MAX}`)
    .refine((n) => n !== 0, 'add must not be 0'),
});
export type StockMove = z.input<typeof stockMove>;

/** A part is low on stock when fewer units are left than its minimum order. */
export const isLowStock = (p: { available: number; minimunOrder: number }): boolean => p.available < p.minimunOrder;

export const partIdParams = z.object({ id });

export const PART_SORTS = ['name', 'price-asc', 'price-desc', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];
/** The longest search text `GET /api/parts?q=` takes. */
export const PART_SEARCH_MAX = 200;

/**
 * Query of `GET /api/parts`: paging plus search and filters. Without `sort` the order is the
 * catalogue's (oldest first, as the home page shows it), or by relevance when `q` is given.
 */
export const partsQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(PART_SEARCH_MAX, `q must be at most ${PART_SEARCH_MAX} characters`)
    .optional()
    .describe(
      'Search over name, description and part numbers: words are case- and accent-insensitive and tolerant of typos; ' +
        'a number (own, OE, competitor or replaced; case, spaces, dashes, dots and slashes ignored) matched exactly ranks ' +
        'that part first and the answer carries matchedBy; numbers are never typo-corrected.',
    ),
  inStock: z
    .enum(['true', 'false'], { message: 'inStock must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe('true: only parts with at least their minimum order available.'),
  lowStock: z
    .enum(['true', 'false'], { message: 'lowStock must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe('true: only parts with fewer units available than their minimum order (Manage Products).'),
  sort: z
    .enum(PART_SORTS, { message: `sort must be one of ${PART_SORTS.join(', ')}` })
    .optional()
    .describe('Default: catalogue order (oldest first), or relevance when q is given.'),
  make: makeName
    .optional()
    .describe('Vehicle filter (with model and year): only parts that fit it, and universal ones.'),
  model: modelName.optional(),
  year: modelYear('Year').optional(),
  engine: engineName.optional(),
});
export type PartsQuery = z.infer<typeof partsQuery>;

import { z } from 'zod';
import { id, money, text, wholeNumber } from './common.ts';

/**
 * Shipping (issue 28, PRODUCT.md "Addresses and shipping"). Weights in grams; prices in dollars in
 * the API and integer cents in the server. A rate table is a list of weight bands by upper bound
 * (inclusive): a parcel of exactly `upToGrams` takes that band, one gram more the next; above the
 * last band the method cannot carry it.
 */

/** What an API call that sends no weight gives a part (PRODUCT.md "Addresses and shipping"). */
export const DEFAULT_PART_WEIGHT_GRAMS = 1000;
/** The heaviest a part may weigh (1 t) and the most bands a rate table has. */
export const PART_WEIGHT_MAX_GRAMS = 1_000_000;
export const RATE_BANDS_MAX = 50;
/** The most a parcel's weight band goes up to (50 t). */
export const BAND_MAX_GRAMS = 50_000_000;

export const rateBand = z.object({
  upToGrams: wholeNumber('upToGrams', 1, BAND_MAX_GRAMS),
  price: money('Rate price', 100_000),
});

const countryList = z
  .array(
    z
      .string({ message: 'Each country must be a two-letter ISO 3166-1 code' })
      .regex(/^[A-Z]{2}$/, 'Each country must be a two-letter ISO 3166-1 code (upper case)'),
    { message: 'countries must be a list of country codes' },
  )
  .min(1, 'A method serves at least one country')
  .max(250, 'countries has at most 250 entries')
  .transform((list) => [...new Set(list)]);

const methodObject = z.object({
  name: text('Name', 100),
  carrier: text('Carrier', 100),
  countries: countryList,
  rates: z
    .array(rateBand, { message: 'rates must be a list of weight bands' })
    .min(1, 'A method has at least one weight band')
    .max(RATE_BANDS_MAX, `rates has at most ${RATE_BANDS_MAX} bands`),
  freeOver: money('freeOver', 1_000_000).nullable(),
  carriesHazardous: z.boolean({ message: 'carriesHazardous must be true or false' }),
  estimateDays: z
    .tuple([wholeNumber('Fastest estimate', 0, 365), wholeNumber('Slowest estimate', 0, 365)], {
      message: 'estimateDays must be [min, max]',
    })
    .refine(([min, max]) => min <= max, 'estimateDays: the first number cannot be above the second'),
  active: z.boolean({ message: 'active must be true or false' }),
});

/** Bands in increasing upper bound, each bound once. */
function checkBands(v: { rates: { upToGrams: number }[] }, ctx: z.RefinementCtx) {
  for (let i = 1; i < v.rates.length; i++)
    if (v.rates[i]!.upToGrams <= v.rates[i - 1]!.upToGrams) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: 'Bands must go up in weight, each bound once' });
      return;
    }
}

/** Body of `POST /api/shipping/methods` (admin). */
export const shippingMethodInput = methodObject.superRefine(checkBands);
export type ShippingMethodInput = z.input<typeof shippingMethodInput>;

/** Body of `PUT /api/shipping/methods/:id` (admin): any subset; the bands are checked when given. */
export const shippingMethodUpdate = methodObject
  .partial()
  .superRefine((v, ctx) => {
    if (v.rates) checkBands({ rates: v.rates }, ctx);
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type ShippingMethodUpdate = z.input<typeof shippingMethodUpdate>;

export const shippingMethod = z.object({
  _id: id,
  name: z.string(),
  carrier: z.string(),
  countries: z.array(z.string()),
  rates: z.array(z.object({ upToGrams: z.number().int(), price: z.number() })),
  freeOver: z.number().nullable(),
  carriesHazardous: z.boolean(),
  estimateDays: z.tuple([z.number().int(), z.number().int()]),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const shippingMethodIdParams = z.object({ id });

/** Why a method cannot carry a cart (a 409 at checkout; a `refused` entry in the options). */
export const SHIPPING_REFUSALS = ['TOO_HEAVY', 'HAZARDOUS', 'COUNTRY_NOT_SERVED'] as const;
export type ShippingRefusalCode = (typeof SHIPPING_REFUSALS)[number];

/** `GET /api/shipping/options?addressId=`. */
export const shippingOptionsQuery = z.object({ addressId: id });

export const shippingOption = z.object({
  methodId: id,
  name: z.string(),
  carrier: z.string(),
  /** Dollars, computed by the server: 0 when the goods reach `freeOver`. */
  price: z.number(),
  estimateDays: z.tuple([z.number().int(), z.number().int()]),
});

export const shippingOptions = z.object({
  /** The cart's weight: each part's weight × its units. */
  weightGrams: z.number().int(),
  /** Dollars: the cart's goods at today's prices (what `freeOver` is compared with). */
  goodsTotal: z.number(),
  hazardous: z.boolean(),
  /** The active methods that can carry the cart there, cheapest first. */
  options: z.array(shippingOption),
  /** The active methods that cannot, and why. */
  refused: z.array(z.object({ methodId: id, name: z.string(), code: z.enum(SHIPPING_REFUSALS), message: z.string() })),
});
export type ShippingOptions = z.infer<typeof shippingOptions>;

/** The shipping an order was placed with (order JSON `shipping`). */
export const orderShipping = z.object({
  /** Null once the method is deleted; `name` keeps what it was called. */
  methodId: id.nullable(),
  name: z.string(),
  /** Dollars, part of the order's `price`. */
  price: z.number(),
  weightGrams: z.number().int(),
});

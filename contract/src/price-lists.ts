import { z } from 'zod';
import { id, money, text } from './common.ts';
import { priceBreak, priceBreaksInput } from './parts.ts';

/**
 * Price lists (issue 30, PRODUCT.md §25): a shop admin's agreed prices for some companies, a
 * percentage off the whole catalogue and/or fixed prices per part (each with tiers of its own),
 * optionally within a validity window [validFrom, validTo). How they price a quantity is
 * pricing.ts's `unitPriceFor`, nowhere else. Money in dollars in the API, integer cents in the server.
 */
export const PRICE_LIST_NAME_MAX = 120;
/** The most companies and fixed prices one list names (one form, one request). */
export const PRICE_LIST_COMPANIES_MAX = 1_000;
export const PRICE_LIST_PRICES_MAX = 2_000;

export const priceListPrice = z.object({
  partId: z.string(),
  /** The part's name and number, for the admin's table (null if the part was deleted since). */
  partName: z.string().nullable(),
  partNumber: z.string().nullable(),
  price: z.number(),
  priceBreaks: z.array(priceBreak),
});

export const priceList = z.object({
  _id: z.string(),
  name: z.string(),
  companyIds: z.array(z.string()),
  /** Percent off the public price for the quantity (0–100, ≤ 2 decimals), or null. */
  percentOff: z.number().nullable(),
  prices: z.array(priceListPrice),
  /** ISO 8601; the list applies from validFrom (inclusive) until validTo (exclusive); null: open. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** Bumped by every edit: what placing compares (PRODUCT.md §25). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof priceList>;

const instant = (label: string) =>
  z
    .union([z.string({ message: `${label} must be a date and time` }), z.null()], {
      message: `${label} must be a date and time`,
    })
    .transform((v, ctx) => {
      if (v === null || v.trim() === '') return null;
      const t = Date.parse(v);
      if (Number.isNaN(t) || !/^\d{4}-\d{2}-\d{2}/.test(v.trim())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an ISO 8601 date and time` });
        return z.NEVER;
      }
      return new Date(t).toISOString();
    });

export const priceListPriceInput = z.object({
  partId: id,
  price: money('Price'),
  priceBreaks: priceBreaksInput.default([]),
});

/** Body of `POST` and `PUT /api/price-lists[/:id]` (shop admins). */
export const priceListInput = z
  .object({
    name: text('Name', PRICE_LIST_NAME_MAX),
    companyIds: z
      .array(id, { message: 'companyIds must be a list' })
      .max(PRICE_LIST_COMPANIES_MAX, `A price list names at most ${PRICE_LIST_COMPANIES_MAX} companies`)
      .default([]),
    percentOff: money('percentOff', 100).nullable().default(null),
    prices: z
      .array(priceListPriceInput, { message: 'prices must be a list' })
      .max(PRICE_LIST_PRICES_MAX, `A price list has at most ${PRICE_LIST_PRICES_MAX} fixed prices`)
      .default([]),
    validFrom: instant('validFrom').default(null),
    validTo: instant('validTo').default(null),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom !== null && v.validTo !== null && Date.parse(v.validTo) <= Date.parse(v.validFrom))
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validTo must be after validFrom' });
    const seen = new Set<string>();
    v.prices.forEach((p, i) => {
      if (seen.has(p.partId))
        ctx.addIssue({ code: 'custom', path: ['prices', i, 'partId'], message: 'This part has a price already' });
      seen.add(p.partId);
    });
  });
export type PriceListInput = z.input<typeof priceListInput>;
export type PriceListFields = z.output<typeof priceListInput>;

export const priceListIdParams = z.object({ id });

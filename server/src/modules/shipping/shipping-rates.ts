import type { ShippingRefusalCode } from '@torque/contract';
import type { StoredRateBand } from '../../db/schema/index.ts';

/** What a cart weighs and is worth, as shipping prices it. */
export interface Parcel {
  weightGrams: number;
  /** The goods at today's unit prices, in cents (what `freeOverCents` is compared with). */
  goodsCents: number;
  hazardous: boolean;
}

/** A method's pricing facts. */
export interface MethodRules {
  countries: readonly string[];
  rates: readonly StoredRateBand[];
  freeOverCents: number | null;
  carriesHazardous: boolean;
}

export type Quote = { ok: true; cents: number } | { ok: false; code: ShippingRefusalCode; message: string };

/**
 * The price of `parcel` to `country` by `method`, or why it cannot carry it (issue 28). Bands are
 * in increasing `upToGrams` and each bound is inclusive: exactly 5,000 g takes the 5,000 g band,
 * 5,001 g the next; above the last band the method cannot carry it. Goods worth `freeOverCents`
 * or more ship free; one cent less pays the band's price.
 */
export function quote(method: MethodRules, parcel: Parcel, country: string): Quote {
  if (!method.countries.includes(country))
    return { ok: false, code: 'COUNTRY_NOT_SERVED', message: `This method does not ship to ${country}` };
  if (parcel.hazardous && !method.carriesHazardous)
    return {
      ok: false,
      code: 'HAZARDOUS',
      message: 'This method cannot carry hazardous goods, and your cart holds some',
    };
  const band = method.rates.find((b) => parcel.weightGrams <= b.upToGrams);
  if (!band) {
    const last = method.rates.at(-1)?.upToGrams ?? 0;
    return {
      ok: false,
      code: 'TOO_HEAVY',
      message: `Your cart weighs ${parcel.weightGrams} g; this method carries at most ${last} g`,
    };
  }
  if (method.freeOverCents !== null && parcel.goodsCents >= method.freeOverCents) return { ok: true, cents: 0 };
  return { ok: true, cents: band.priceCents };
}

/**
 * THE pricing function (docs/PRODUCT.md, "Prices"): what one unit of a part costs a buyer for a
 * quantity. The cart, checkout, the order's lines, the payment, the invoice, the CSV export and
 * the stats all take the unit price this returns (the server computes it; the web shows the
 * server's answer and may use this only to preview a quantity the user is typing). Integer cents
 * throughout, no floating-point money. Free of zod, so the first load can carry it.
 *
 * The rule, stated once:
 * 1. The public price for a quantity is the price of the part's highest quantity break whose
 *    `minQuantity` the quantity reaches; the part's own price is the first tier (from 1 unit).
 * 2. Each price list that applies to the buyer and is valid at that moment offers candidates:
 *    its `percentOff` applied to the public price for that quantity (tiers included), and its
 *    fixed price for the part, with the fixed price's own tiers, chosen the same way as 1.
 * 3. The buyer pays the lowest candidate (the public price is always one), each rounded half-up
 *    to the cent per unit. A line's total is that unit price × quantity.
 */

/** A quantity break: from `minQuantity` units on, one unit costs `priceCents`. */
export interface PriceBreak {
  minQuantity: number;
  priceCents: number;
}

/** What one price list says about one part. */
export interface PriceListTerms {
  /** Percent off the public price (0–100, up to 2 decimals), or null. */
  percentOff: number | null;
  /** A fixed price for this part with its own tiers (its first tier is `priceCents` from 1 unit), or null. */
  fixed: { priceCents: number; priceBreaks: readonly PriceBreak[] } | null;
  /** ISO 8601 instants; the list applies from `validFrom` (inclusive) until `validTo` (exclusive). */
  validFrom: string | null;
  validTo: string | null;
}

export interface PriceSources {
  /** The part's price (the spec's `price`), in cents: the first tier. */
  listPriceCents: number;
  /** The part's public breaks above the first tier, in any order. */
  priceBreaks: readonly PriceBreak[];
  /** The buyer's price lists for this part (empty for a visitor or a buyer without a company). */
  priceLists?: readonly PriceListTerms[];
}

/** Where a unit price came from. */
export type PriceSource = 'list' | 'break' | 'percent-off' | 'fixed';

export interface UnitPrice {
  /** What one unit costs this buyer for this quantity. */
  unitCents: number;
  /** The public price for this quantity (list price or its break): what a visitor pays. */
  publicUnitCents: number;
  /** The part's list price, unchanged by quantity (struck through beside "Your price"). */
  listUnitCents: number;
  /** The `minQuantity` of the public tier the quantity reached (1 for the list price). */
  tierMinQuantity: number;
  source: PriceSource;
}

/** Half-up rounding to a whole cent of a non-negative amount given in ten-thousandths of a cent. */
const halfUp = (tenThousandthsOfCents: number): number => Math.floor((tenThousandthsOfCents + 5_000) / 10_000);

/**
 * `percentOff` (e.g. 12.5) off `cents`, rounded half-up to the cent, in integer arithmetic:
 * the percentage is taken in hundredths of a percent so 12.5 % is exactly 1250.
 */
export function percentOffCents(cents: number, percentOff: number): number {
  const basisPoints = Math.round(percentOff * 100);
  return halfUp(cents * (10_000 - basisPoints));
}

/** The tier `quantity` reaches among the first tier (`baseCents` from 1) and `breaks`. */
export function tierFor(
  baseCents: number,
  breaks: readonly PriceBreak[],
  quantity: number,
): { priceCents: number; minQuantity: number } {
  let tier = { priceCents: baseCents, minQuantity: 1 };
  for (const b of breaks) {
    if (b.minQuantity <= quantity && b.minQuantity > tier.minQuantity) tier = b;
  }
  return tier;
}

/** Whether a price list's window contains `at`. */
export function priceListValidAt(terms: Pick<PriceListTerms, 'validFrom' | 'validTo'>, at: Date): boolean {
  const t = at.getTime();
  if (terms.validFrom !== null && t < Date.parse(terms.validFrom)) return false;
  if (terms.validTo !== null && t >= Date.parse(terms.validTo)) return false;
  return true;
}

/** The unit price a buyer pays for `quantity` units at `at` (the rule at the top of this file). */
export function unitPriceFor(sources: PriceSources, quantity: number, at: Date = new Date()): UnitPrice {
  const publicTier = tierFor(sources.listPriceCents, sources.priceBreaks, quantity);
  const base: UnitPrice = {
    unitCents: publicTier.priceCents,
    publicUnitCents: publicTier.priceCents,
    listUnitCents: sources.listPriceCents,
    tierMinQuantity: publicTier.minQuantity,
    source: publicTier.minQuantity > 1 ? 'break' : 'list',
  };
  let best = base;
  for (const terms of sources.priceLists ?? []) {
    if (!priceListValidAt(terms, at)) continue;
    if (terms.percentOff !== null && terms.percentOff > 0) {
      const cents = percentOffCents(publicTier.priceCents, terms.percentOff);
      if (cents < best.unitCents) best = { ...base, unitCents: cents, source: 'percent-off' };
    }
    if (terms.fixed) {
      const cents = tierFor(terms.fixed.priceCents, terms.fixed.priceBreaks, quantity).priceCents;
      if (cents < best.unitCents) best = { ...base, unitCents: cents, source: 'fixed' };
    }
  }
  return best;
}

/** A line's total in cents: the unit price × quantity (never a float). */
export const lineTotalCents = (unit: Pick<UnitPrice, 'unitCents'>, quantity: number): number =>
  unit.unitCents * quantity;

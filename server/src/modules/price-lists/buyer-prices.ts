import { priceListValidAt, unitPriceFor, type PriceBreak, type PriceListTerms } from '@torque/contract';
import type { BuyerTerms } from './price-lists-repository.ts';

/**
 * What a buyer's price lists say about one part, as pricing.ts's `unitPriceFor` takes them:
 * every list's percentage, and its fixed price for this part when it has one. Validity is the
 * pricing function's to judge (at the moment of pricing).
 */
export function termsOfPart(terms: BuyerTerms, partId: string): PriceListTerms[] {
  return terms.lists.map((l) => ({
    percentOff: l.percentOff,
    fixed: l.fixed.get(partId) ?? null,
    validFrom: l.validFrom,
    validTo: l.validTo,
  }));
}

/** Whether any of the buyer's lists is valid at `at`: then part answers carry `yourPrice`. */
export const hasValidList = (terms: BuyerTerms, at: Date): boolean => terms.lists.some((l) => priceListValidAt(l, at));

/**
 * The first instant after `at` at which one of the buyer's lists starts or stops being valid
 * (epoch ms), or null when none will: what a priced answer computed at `at` stays true until.
 */
export function nextValidityChange(terms: BuyerTerms, at: Date): number | null {
  let next: number | null = null;
  for (const l of terms.lists)
    for (const edge of [l.validFrom, l.validTo]) {
      const t = edge === null ? Number.NaN : Date.parse(edge);
      if (t > at.getTime() && (next === null || t < next)) next = t;
    }
  return next;
}

/**
 * A buyer's price for one unit of a part and their own tiers above it (cents), from the one
 * pricing function: the buyer's price only changes where a tier starts (a public break, or a
 * break of a valid list's fixed price), so pricing each of those quantities gives the whole
 * table. Equal neighbours are one tier; the result falls strictly, like a part's breaks.
 */
export function buyerTiers(
  listPriceCents: number,
  priceBreaks: readonly PriceBreak[],
  lists: readonly PriceListTerms[],
  at: Date,
): { unitCents: number; breaks: PriceBreak[] } {
  const starts = new Set<number>([1, ...priceBreaks.map((b) => b.minQuantity)]);
  for (const l of lists)
    if (l.fixed && priceListValidAt(l, at)) for (const b of l.fixed.priceBreaks) starts.add(b.minQuantity);
  const sources = { listPriceCents, priceBreaks, priceLists: lists };
  const unitCents = unitPriceFor(sources, 1, at).unitCents;
  const breaks: PriceBreak[] = [];
  let last = unitCents;
  for (const q of [...starts].sort((a, b) => a - b)) {
    if (q === 1) continue;
    const cents = unitPriceFor(sources, q, at).unitCents;
    if (cents < last) {
      breaks.push({ minQuantity: q, priceCents: cents });
      last = cents;
    }
  }
  return { unitCents, breaks };
}

/** A part answer (dollars) with the buyer's `yourPrice` and `yourPriceBreaks` added. */
export function withYourPrice<
  P extends { _id: string; price: number; priceBreaks: { minQuantity: number; price: number }[] },
>(
  part: P,
  terms: BuyerTerms,
  at: Date,
): P & { yourPrice: number; yourPriceBreaks: { minQuantity: number; price: number }[] } {
  const cents = (d: number) => Math.round(d * 100);
  const tiers = buyerTiers(
    cents(part.price),
    part.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: cents(b.price) })),
    termsOfPart(terms, part._id),
    at,
  );
  return {
    ...part,
    yourPrice: tiers.unitCents / 100,
    yourPriceBreaks: tiers.breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents / 100 })),
  };
}

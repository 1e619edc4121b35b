import type { PriceBreak } from '@torque/contract';

/**
 * A part's `price_breaks` column (migration 0016) as a hand-written statement's driver gave it:
 * parsed already (pg, PGlite) or its JSON text. What pricing.ts's `unitPriceFor` takes.
 */
export function priceBreaksOf(value: unknown): PriceBreak[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((b: { minQuantity: unknown; priceCents: unknown }) => ({
    minQuantity: Number(b.minQuantity),
    priceCents: Number(b.priceCents),
  }));
}

/** Whether two lists of breaks are the same tiers in the same order. */
export const sameBreaks = (a: readonly PriceBreak[] | undefined, b: readonly PriceBreak[] | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  a.length === b.length &&
  a.every((x, i) => x.minQuantity === b[i]!.minQuantity && x.priceCents === b[i]!.priceCents);

import { unitPriceFor } from '@torque/contract/pricing';
import type { Part } from '@torque/contract';

/** One row of a part's tier table: `minQuantity`–`maxQuantity` units (null: and more) at `price` each. */
export interface PriceTier {
  minQuantity: number;
  maxQuantity: number | null;
  /** Dollars per unit. */
  price: number;
}

type Priced = Pick<Part, 'price' | 'priceBreaks'>;

/** The part's tiers, the first being its own price from 1 unit (PRODUCT.md "Quantity price breaks"). */
export function priceTiersOf(part: Priced): PriceTier[] {
  const starts = [{ minQuantity: 1, price: part.price }, ...part.priceBreaks];
  return starts.map((tier, i) => ({
    minQuantity: tier.minQuantity,
    maxQuantity: i + 1 < starts.length ? starts[i + 1]!.minQuantity - 1 : null,
    price: tier.price,
  }));
}

/** "1–99", "500+": how a tier's quantities read. */
export const tierRange = (tier: PriceTier): string =>
  tier.maxQuantity === null
    ? `${tier.minQuantity.toLocaleString('en-US')}+`
    : `${tier.minQuantity.toLocaleString('en-US')}–${tier.maxQuantity.toLocaleString('en-US')}`;

/**
 * What one unit costs a visitor for `quantity` units, and which tier that is: the one pricing
 * function (contract pricing.ts), in cents, for a preview while the quantity is typed. What a
 * signed-in buyer's cart and orders cost is the server's answer.
 */
export function previewUnitPrice(part: Priced, quantity: number): { unitCents: number; tierMinQuantity: number } {
  const unit = unitPriceFor(
    {
      listPriceCents: Math.round(part.price * 100),
      priceBreaks: part.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: Math.round(b.price * 100) })),
    },
    quantity,
  );
  return { unitCents: unit.unitCents, tierMinQuantity: unit.tierMinQuantity };
}

/**
 * PRODUCT.md §25: the part as this buyer pays for it. A signed-in buyer whose company has a price
 * list gets `yourPrice` and `yourPriceBreaks` from the server (their own tiers, which give the
 * buyer's price at every quantity through the same function); anyone else the part's own.
 */
export function buyerPriced(part: Pick<Part, 'price' | 'priceBreaks' | 'yourPrice' | 'yourPriceBreaks'>): Priced {
  if (part.yourPrice === undefined) return { price: part.price, priceBreaks: part.priceBreaks };
  return { price: part.yourPrice, priceBreaks: part.yourPriceBreaks ?? [] };
}

/** Whether the server gave this buyer a price below the list price (then "Your price" is shown). */
export const hasYourPrice = (part: Pick<Part, 'price' | 'yourPrice'>): boolean =>
  part.yourPrice !== undefined && part.yourPrice < part.price;

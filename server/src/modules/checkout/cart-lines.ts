import type { PriceBreak } from '@torque/contract';

/**
 * One line of a cart, as checkout orders it, with its part's list price and quantity breaks as the
 * cart's read found them (`priceCents` null: the part is gone): the placing prices from them, and
 * its statement checks they are still the part's.
 */
export interface CartLineToOrder {
  partId: string;
  quantity: number;
  priceCents: number | null;
  priceBreaks: PriceBreak[];
}

/**
 * What checkout needs of the cart module (`app.cart` provides it): the caller's lines, and taking
 * the ordered lines out once their order is placed. Checkout knows nothing else of how a cart is
 * kept.
 */
export interface CartLines {
  /** The account's cart lines, in the cart's order (one per part). */
  linesOf(userId: string): Promise<CartLineToOrder[]>;
  /** Takes `lines` (just ordered) out of the account's cart; lines added meanwhile stay. */
  removeOrdered(userId: string, lines: readonly CartLineToOrder[]): Promise<void>;
}

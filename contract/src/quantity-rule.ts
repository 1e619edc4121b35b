/**
 * PRODUCT.md §5's quantity rules without zod: the web's cart page imports this module alone
 * (`@torque/contract/quantity-rule`), so a visitor's cart paints without loading the schemas.
 * `orders.ts` re-exports all of it.
 */

/** PRODUCT.md §5's order messages, shared by the purchase form and the server. */
export const orderMessages = {
  belowMinimum: 'you Can not add less than Minimum Order Quantity',
  aboveAvailable: 'you Can not add higher than available Quantity',
  stockOut: 'Stock out',
} as const;

export interface QuantityRefusal {
  code: 'STOCK_OUT' | 'BELOW_MINIMUM' | 'ABOVE_AVAILABLE';
  message: string;
}

/** A part's stock as the quantity rules see it (field names as the API spells them). */
export interface StockLevel {
  minimunOrder: number;
  available: number;
}

export const isStockOut = (part: Pick<StockLevel, 'available'>): boolean => part.available <= 0;

/**
 * PRODUCT.md §5's quantity rules: why `quantity` units cannot be ordered, or null when they can.
 * The purchase form shows this as the user types; the server's guarded UPDATE enforces the same
 * rules and, when it places nothing, answers with this function's verdict on the part it reads.
 */
export function quantityRefusal(quantity: number, part: StockLevel): QuantityRefusal | null {
  if (isStockOut(part)) return { code: 'STOCK_OUT', message: orderMessages.stockOut };
  if (quantity < part.minimunOrder) return { code: 'BELOW_MINIMUM', message: orderMessages.belowMinimum };
  if (quantity > part.available) return { code: 'ABOVE_AVAILABLE', message: orderMessages.aboveAvailable };
  return null;
}

/**
 * The cart's limits and codes without zod (issue 27): the web's cart page imports this module
 * alone (`@torque/contract/cart-rules`), so it paints without loading the schemas. `cart.ts`
 * re-exports all of it.
 */

/** The most lines one cart holds (`PUT /api/cart` with more is a 400; adding past it is a 409). */
export const CART_LINES_MAX = 200;
/** The most bytes `POST /api/cart/quick-order` takes (a pasted sheet or an uploaded CSV). */
export const QUICK_ORDER_MAX_BYTES = 256 * 1024;
/** The most lines (without a header) one quick order takes: a cart's worth. */
export const QUICK_ORDER_MAX_LINES = CART_LINES_MAX;

/** What stops a line from being checked out as it is; the cart shows it on the line. */
export const CART_LINE_PROBLEMS = ['BELOW_MINIMUM', 'ABOVE_AVAILABLE', 'UNAVAILABLE', 'SUPERSEDED'] as const;
export type CartLineProblemCode = (typeof CART_LINE_PROBLEMS)[number];

/** Why checkout refused one line (the quantity rules' codes, or the part is gone or replaced). */
export const CHECKOUT_LINE_CODES = [
  'STOCK_OUT',
  'BELOW_MINIMUM',
  'ABOVE_AVAILABLE',
  'UNAVAILABLE',
  'SUPERSEDED',
] as const;

/** What "Order again" found changed since the order was placed, per line. */
export const REORDER_CHANGES = ['PRICE_CHANGED', 'UNAVAILABLE', 'REPLACED'] as const;

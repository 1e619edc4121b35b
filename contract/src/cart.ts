import { z } from 'zod';
import { CART_LINE_PROBLEMS, CART_LINES_MAX, CHECKOUT_LINE_CODES, REORDER_CHANGES } from './cart-rules.ts';
import { errorBody, id, TEXT_MAX, text, wholeNumber } from './common.ts';
import { addressFields } from './addresses.ts';
import { PAYMENT_METHODS, poNumberField } from './account.ts';
import { matchedBy, partSuccessor } from './part-numbers.ts';
import { STOCK_MOVE_MAX } from './parts.ts';

// The cart's limits and codes, without zod (the cart page imports them alone).
export * from './cart-rules.ts';

/**
 * The cart and checkout (issue 27, PRODUCT.md "Cart"). A signed-in buyer's cart is kept by the
 * server; a visitor's lives in the browser and is added to the account's at sign-in
 * (`POST /api/cart/lines`). Prices are the server's, in dollars, from the one pricing function
 * (pricing.ts); the web never computes what a line costs.
 */

/** The most units one line asks for (the most a stock move may add, so never more than stock can be). */
export const CART_QUANTITY_MAX = STOCK_MOVE_MAX;

/** One line as a client sends it. */
export const cartLineInput = z.object({
  partId: id,
  quantity: wholeNumber('Quantity', 1, CART_QUANTITY_MAX),
});
export type CartLineInput = z.input<typeof cartLineInput>;

const cartLines = z
  .array(cartLineInput, { message: 'lines must be a list' })
  .max(CART_LINES_MAX, `A cart holds at most ${CART_LINES_MAX} lines`);

/** Body of `PUT /api/cart`: the whole cart (the same part twice is one line, its quantities added). */
export const cartInput = z.object({ lines: cartLines });
export type CartInput = z.input<typeof cartInput>;

/** Body of `POST /api/cart/lines`: lines added to the cart (same part: quantities added). "Add to cart", the sign-in merge. */
export const cartAddInput = z.object({ lines: cartLines.min(1, 'lines must hold at least one line') });
export type CartAddInput = z.input<typeof cartAddInput>;

export const cartLineProblem = z.object({
  code: z.enum(CART_LINE_PROBLEMS),
  message: z.string(),
  /** For `SUPERSEDED`: the part that replaces this one. */
  successor: partSuccessor.optional(),
});
export type CartLineProblem = z.infer<typeof cartLineProblem>;

/** One line of `GET /api/cart`, with what the part is today. */
export const cartLine = z.object({
  partId: id,
  partNumber: z.string(),
  brand: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Today's unit price for this buyer and quantity (dollars). */
  unitPrice: z.number(),
  /**
   * Only when the buyer's price list (PRODUCT.md §25) makes `unitPrice` lower: the public unit
   * price for this quantity (what a visitor pays), struck through beside "Your price".
   */
  publicUnitPrice: z.number().optional(),
  /** unitPrice × quantity (dollars, computed in cents). */
  total: z.number(),
  minimunOrder: z.number().int(),
  available: z.number().int(),
  problem: cartLineProblem.nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

/** `GET /api/cart` (and every cart route's answer). */
export const cart = z.object({
  lines: z.array(cartLine),
  /** Units over all lines. */
  quantity: z.number().int(),
  /** The goods' total (dollars). */
  total: z.number(),
  /** Whether checkout would accept the cart as it is: lines, and none with a problem. */
  ready: z.boolean(),
});
export type Cart = z.infer<typeof cart>;

/** `POST /api/cart/quick-order` (text/plain or text/csv: `part number, quantity` per line). */
export const quickOrderResult = z.object({
  /** Lines added to the cart, in input order; `problem` when the line is in the cart but cannot be checked out as it is. */
  added: z.array(
    z.object({
      line: z.number().int(),
      partId: id,
      partNumber: z.string(),
      quantity: z.number().int(),
      /** The number as typed matched this reference (own number, OE, competitor's, replaced). */
      matchedBy,
      problem: cartLineProblem.nullable(),
    }),
  ),
  /** Lines not added: their number (1-based, as the buyer counts them) and why. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  cart,
});
export type QuickOrderResult = z.infer<typeof quickOrderResult>;

/**
 * Body of `POST /api/checkout`: the cart becomes one order. The spec's form sends `phone` and a
 * free-text `address`, as before. Issue 28 adds a shipping address from the book (`addressId`) or
 * inline (`address` as an object), a billing address (`billingAddressId` or `billingAddress`;
 * default: the book's default billing address, else the shipping address) and
 * `shippingMethodId`. `phone` may then be left out when the address has one. A shipping price
 * sent by a client is stripped: the server prices the shipping.
 */
export const checkoutInput = z
  .object({
    phone: text('Phone', TEXT_MAX.phone).optional(),
    address: z.union([text('Address', TEXT_MAX.address), addressFields]).optional(),
    addressId: id.optional(),
    billingAddressId: id.optional(),
    billingAddress: addressFields.optional(),
    shippingMethodId: id.optional(),
    /** Issue 30: 'account' pays on the company's terms (PRODUCT.md §26); default 'card'. */
    paymentMethod: z.enum(PAYMENT_METHODS, { message: "paymentMethod must be 'card' or 'account'" }).optional(),
    poNumber: poNumberField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.poNumber != null && v.paymentMethod !== 'account')
      ctx.addIssue({ code: 'custom', path: ['poNumber'], message: 'A PO number goes with payment on account' });
    if (v.address === undefined && v.addressId === undefined)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Address is required' });
    else if (v.address !== undefined && v.addressId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['addressId'], message: 'Send either address or addressId, not both' });
    if (v.billingAddress !== undefined && v.billingAddressId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['billingAddressId'],
        message: 'Send either billingAddress or billingAddressId, not both',
      });
    if (typeof v.address === 'string' && v.phone === undefined)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone is required' });
  });
export type CheckoutInput = z.input<typeof checkoutInput>;

/** A checkout's 409: the error shape, plus every offending line. Stock and cart are untouched. */
export const checkoutRefusal = errorBody.extend({
  lines: z.array(z.object({ partId: id, code: z.enum(CHECKOUT_LINE_CODES), message: z.string() })),
});
export type CheckoutRefusal = z.infer<typeof checkoutRefusal>;

/** `POST /api/orders/:id/reorder`: the cart after the order's lines were added at today's prices, and what changed. */
export const reorderResult = z.object({
  cart,
  changes: z.array(
    z.object({
      partId: id.nullable(),
      partNumber: z.string().nullable(),
      name: z.string(),
      code: z.enum(REORDER_CHANGES),
      message: z.string(),
      /** PRICE_CHANGED: the unit price then and today (dollars). */
      before: z.number().optional(),
      after: z.number().optional(),
      /** REPLACED: the successor added instead. */
      successor: partSuccessor.optional(),
    }),
  ),
});
export type ReorderResult = z.infer<typeof reorderResult>;

import { conflict } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { CartLines } from './cart-lines.ts';

export interface CheckoutInput {
  phone: string;
  address: string;
}

/**
 * Checkout (issue 27, PRODUCT.md "Cart"): the caller's own cart becomes one order. Placing is
 * the orders module's (`placeLines`: all lines or none, one statement); the cart is read before
 * and its ordered lines taken out after, only when the order was placed, so a refusal leaves the
 * cart as it was. An admin checks out their own cart like anyone: the cart is always the caller's.
 */
export function createCheckoutService(deps: { cart: CartLines; orders: OrdersService }) {
  return {
    /** Answers the placed order's JSON. */
    async checkout(caller: Caller, input: CheckoutInput): Promise<string> {
      const { cart } = deps;
      const lines = await cart.linesOf(caller.userId);
      if (lines.length === 0) throw conflict('Your cart is empty', 'CART_EMPTY');
      const json = await deps.orders.placeLines(caller, { lines, phone: input.phone, address: input.address });
      // After the order committed: if this fails, the order stands and its lines are still in the
      // cart (the buyer sees them there), which is the safe side of the two.
      await cart.removeOrdered(caller.userId, lines);
      return json;
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

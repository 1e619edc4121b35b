import type { AddressFields, PostalAddress } from '@torque/contract';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/access.ts';
import type { AccountTerms } from '../orders/order-machine.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { CartLines } from './cart-lines.ts';

/** The body of `POST /api/checkout` as the contract's checkedCheckoutInput parses it. */
export interface CheckoutInput {
  phone?: string | undefined;
  /** The spec's free text, or an inline address (issue 28). */
  address?: string | AddressFields | undefined;
  addressId?: string | undefined;
  billingAddressId?: string | undefined;
  billingAddress?: AddressFields | undefined;
  shippingMethodId?: string | undefined;
  /** Issue 30: 'account' pays on the company's terms (PRODUCT.md §26). */
  paymentMethod?: 'card' | 'account' | undefined;
  poNumber?: string | null | undefined;
}

/** What checkout needs of pay on account (`app.accounts`): the buyer's company's terms, or 403 NO_PAYMENT_TERMS. */
export interface CheckoutAccounts {
  termsFor(userId: string, poNumber: string | null): Promise<AccountTerms>;
}

/** What checkout needs of the address book (`app.addressBook`). */
export interface CheckoutAddresses {
  copyOf(userId: string, id: string): Promise<PostalAddress | undefined>;
  defaultBillingOf(userId: string): Promise<PostalAddress | undefined>;
  /** An inline address as an order keeps it (with its country's name). */
  postalOf(fields: AddressFields): PostalAddress;
  /** One line of text, for the order's free-text `address`. */
  format(address: PostalAddress): string;
}

/** What checkout needs of shipping (`app.shipping`). */
export interface CheckoutShipping {
  charge(
    methodId: string,
    lines: readonly { partId: string; quantity: number }[],
    country: string,
    /** The buyer, whose price lists price the goods (PRODUCT.md §25). */
    userId: string | null,
  ): Promise<{ methodId: string; name: string; cents: number; weightGrams: number }>;
  anyActive(): Promise<boolean>;
}

/** The addresses of a checkout: the free text the order shows, and the copies it keeps (issue 28). */
interface ResolvedAddresses {
  text: string;
  phone: string | undefined;
  shipping?: PostalAddress;
  billing?: PostalAddress;
}

/**
 * Checkout (issue 27, PRODUCT.md "Cart"; addresses and shipping, issue 28): the caller's own cart
 * becomes one order. Placing is the orders module's (`placeLines`: all lines or none, one
 * statement); the cart is read before and its ordered lines taken out after, only when the order
 * was placed, so a refusal leaves the cart as it was. An admin checks out their own cart like
 * anyone: the cart is always the caller's.
 *
 * Shipping: with `shippingMethodId` the server prices the line (a client's price is never read)
 * and the order total includes it. Without one, a checkout with the spec's free-text address is
 * placed as before, with no shipping line (backward compatible: the spec's screens cannot choose
 * a method). A checkout naming a structured address (`addressId` or an inline object) must name a
 * method while any is active: 400 SHIPPING_METHOD_REQUIRED.
 */
export function createCheckoutService(deps: {
  cart: CartLines;
  orders: OrdersService;
  addresses: CheckoutAddresses;
  shipping: CheckoutShipping;
  accounts: CheckoutAccounts;
}) {
  const { cart, addresses } = deps;

  /** The book's address `id`, or a 400 naming `field` when the caller has none such. */
  async function fromBook(caller: Caller, id: string, field: string): Promise<PostalAddress> {
    const found = await addresses.copyOf(caller.userId, id);
    if (!found)
      throw badRequest('No such address in your address book', { [field]: 'No such address in your address book' });
    return found;
  }

  async function resolveAddresses(caller: Caller, input: CheckoutInput): Promise<ResolvedAddresses> {
    if (typeof input.address === 'string') return { text: input.address, phone: input.phone };
    const shipping = input.addressId
      ? await fromBook(caller, input.addressId, 'addressId')
      : addresses.postalOf(input.address!);
    const billing = input.billingAddressId
      ? await fromBook(caller, input.billingAddressId, 'billingAddressId')
      : input.billingAddress
        ? addresses.postalOf(input.billingAddress)
        : ((await addresses.defaultBillingOf(caller.userId)) ?? shipping);
    return { text: addresses.format(shipping), phone: input.phone ?? shipping.phone ?? undefined, shipping, billing };
  }

  return {
    /** Answers the placed order's JSON. */
    async checkout(caller: Caller, input: CheckoutInput): Promise<string> {
      // Issue 30: the terms are the company's as stored, never the request's.
      const account =
        input.paymentMethod === 'account'
          ? await deps.accounts.termsFor(caller.userId, input.poNumber ?? null)
          : undefined;
      const resolved = await resolveAddresses(caller, input);
      if (!resolved.phone) throw badRequest('Phone is required', { phone: 'Phone is required' });
      const lines = await cart.linesOf(caller.userId);
      if (lines.length === 0) throw conflict('Your cart is empty', 'CART_EMPTY');
      let shipping;
      if (input.shippingMethodId) {
        if (!resolved.shipping)
          throw badRequest('Shipping needs a structured address', {
            address: 'Send addressId or an address object to choose a shipping method',
          });
        shipping = await deps.shipping.charge(input.shippingMethodId, lines, resolved.shipping.country, caller.userId);
      } else if (resolved.shipping && (await deps.shipping.anyActive()))
        throw badRequest('Choose a shipping method', { shippingMethodId: 'Choose a shipping method' });

      const json = await deps.orders.placeLines(caller, {
        lines,
        // Read with the cart's lines (one statement, not two).
        prices: new Map(
          lines.flatMap((l) =>
            l.priceCents === null ? [] : [[l.partId, { priceCents: l.priceCents, priceBreaks: l.priceBreaks }]],
          ),
        ),
        phone: resolved.phone,
        address: resolved.text,
        shippingAddress: resolved.shipping,
        billingAddress: resolved.billing,
        shipping,
        // Issue 29: taxed by where it goes; the spec's free-text address by the seller's country.
        destination: resolved.shipping
          ? { country: resolved.shipping.country, region: resolved.shipping.region ?? null }
          : null,
        account,
      });
      // After the order committed: if this fails, the order stands and its lines are still in the
      // cart (the buyer sees them there), which is the safe side of the two.
      await cart.removeOrdered(caller.userId, lines);
      return json;
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

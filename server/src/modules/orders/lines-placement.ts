import {
  CHECKOUT_LINE_CODES,
  orderMessages,
  quantityRefusal,
  unitPriceFor,
  type CheckoutRefusal,
} from '@torque/contract';
import { conflict, conflictWith } from '../../lib/errors.ts';
import { priceBreaksOf, sameBreaks } from '../../lib/price-breaks.ts';
import type { Caller } from '../../plugins/access.ts';
import { creditLimitRefused, placeWith } from './on-account.ts';
import {
  MAX_ORDER_TOTAL_CENTS,
  type AccountTerms,
  type LineToPlace,
  type OrderMachine,
  type PartFacts,
  type ShippingLine,
} from './order-machine.ts';
import type { TaxDestination } from './order-tax.ts';
import { orderTooLarge, unpaidLimit, type OrdersRepository, type PartPrice } from './orders-repository.ts';
import { taxAmounts, type TaxDecision } from '../../lib/tax-amounts.ts';
import { termsOfPart } from '../price-lists/buyer-prices.ts';
import type { BuyerTerms } from '../price-lists/price-lists-repository.ts';

/** One line a buyer asks for. */
export interface WantedLine {
  partId: string;
  quantity: number;
}

export interface PlaceLinesInput {
  lines: readonly WantedLine[];
  /**
   * The parts' list prices and breaks, when the caller has read them (checkout, with the cart's
   * lines); absent: read here. A part missing from them is priced 0 and refused as gone.
   */
  prices?: ReadonlyMap<string, PartPrice> | undefined;
  phone: string;
  address: string;
  /** Issue 28: the addresses' copies and the shipping line, kept with the order. */
  shippingAddress?: object | undefined;
  billingAddress?: object | undefined;
  shipping?: ShippingLine | undefined;
  /** Issue 29: where the order goes, for its tax rate; absent: the seller's country (a free-text address). */
  destination?: TaxDestination | null | undefined;
  /** Issue 30: the company's terms when the buyer pays on account (PRODUCT.md §26); absent: by card. */
  account?: AccountTerms | undefined;
}

type RefusedLine = CheckoutRefusal['lines'][number];
type LineCode = (typeof CHECKOUT_LINE_CODES)[number];

const LINE_MESSAGES: Record<Extract<LineCode, 'UNAVAILABLE' | 'SUPERSEDED'>, string> = {
  UNAVAILABLE: 'This part is no longer available',
  SUPERSEDED: 'This part has been replaced by another part: order its successor instead',
};

/** The same part twice is one line, its quantities added, at its first place. */
export function mergedLines(lines: readonly WantedLine[]): WantedLine[] {
  const byPart = new Map<string, WantedLine>();
  for (const line of lines) {
    const seen = byPart.get(line.partId);
    byPart.set(line.partId, { partId: line.partId, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  return [...byPart.values()];
}

/**
 * Each line at today's unit price: the one pricing function (contract pricing.ts), from the
 * part's price and quantity breaks as `prices` has them and the buyer's price lists (issue 30,
 * PRODUCT.md §25). A part missing from `prices` is priced 0; the statement refuses it as gone.
 */
function pricedLines(
  lines: readonly WantedLine[],
  prices: ReadonlyMap<string, PartPrice>,
  terms: BuyerTerms,
  at: Date,
): LineToPlace[] {
  return lines.map((line) => {
    const { priceCents: listPriceCents, priceBreaks } = prices.get(line.partId) ?? { priceCents: 0, priceBreaks: [] };
    const unit = unitPriceFor(
      { listPriceCents, priceBreaks, priceLists: termsOfPart(terms, line.partId) },
      line.quantity,
      at,
    );
    return {
      ...line,
      unitPriceCents: unit.unitCents,
      listPriceCents,
      priceBreaks,
      publicUnitPriceCents: unit.publicUnitCents,
    };
  });
}

/** Why each line cannot be placed as it is, from the parts as the refused statement read them under lock. */
export function refusedLines(lines: readonly WantedLine[], parts: readonly PartFacts[]): RefusedLine[] {
  const byId = new Map(parts.map((p) => [p.partId, p]));
  const refused: RefusedLine[] = [];
  for (const line of lines) {
    const part = byId.get(line.partId);
    if (!part) refused.push({ partId: line.partId, code: 'UNAVAILABLE', message: LINE_MESSAGES.UNAVAILABLE });
    else if (part.replaced)
      refused.push({ partId: line.partId, code: 'SUPERSEDED', message: LINE_MESSAGES.SUPERSEDED });
    else {
      const refusal = quantityRefusal(line.quantity, part);
      if (refusal) refused.push({ partId: line.partId, ...refusal });
    }
  }
  return refused;
}

/** The 409 naming every offending line (contract `checkoutRefusal`): stock and cart are untouched. */
function linesRefused(lines: RefusedLine[]): Error {
  const message =
    lines.length === 1
      ? 'One line of your order cannot be placed as it is'
      : `${lines.length} lines of your order cannot be placed as they are`;
  return conflictWith(message, 'LINES_REFUSED', { lines });
}

/**
 * Places one order of several lines (issue 27), all or nothing, in one statement
 * (order-statements.ts `placeLines`). The unit prices are computed here, by the pricing function,
 * and the statement checks each part's price and breaks are still the ones they came from: if an admin changed
 * a price in between, the refused statement answers the new prices and it is tried once more with
 * them. A refusal names every offending line; a refusal of the whole order (the card limit, the
 * unpaid-units cap) is the same error `POST /api/order` answers.
 */
export async function placeLines(
  deps: {
    repository: OrdersRepository;
    machine: OrderMachine;
    maxUnpaidUnits: number;
    buyerTerms: (userId: string, partIds: readonly string[]) => Promise<BuyerTerms>;
  },
  caller: Caller,
  input: PlaceLinesInput,
  /** The order's tax decision, being read: its round trip runs beside the prices' (one wait, not two). */
  decidingTax: Promise<TaxDecision>,
): Promise<string> {
  const lines = mergedLines(input.lines);
  const partIds = lines.map((l) => l.partId);
  const [tax, firstPrices, firstTerms] = await Promise.all([
    decidingTax,
    input.prices ?? deps.repository.pricesOf(partIds),
    deps.buyerTerms(caller.userId, partIds),
  ]);
  let [prices, terms] = [firstPrices, firstTerms];
  for (let attempt = 1; ; attempt++) {
    const priced = pricedLines(lines, prices, terms, new Date());
    // Issue 29: the tax of these very lines (taxAmounts, the quote's function), written with the order.
    const amounts = taxAmounts(
      tax,
      priced.map((l) => l.unitPriceCents * l.quantity),
      input.shipping?.cents ?? 0,
    );
    const result = await placeWith(deps.machine, input.account, {
      lines: priced,
      userId: caller.userId,
      email: caller.email,
      phone: input.phone,
      address: input.address,
      shippingAddress: input.shippingAddress,
      billingAddress: input.billingAddress,
      shipping: input.shipping,
      tax: { decision: tax, amounts },
      priceListsStamp: terms.stamp,
    });
    if (result.kind === 'placed') return result.event.json;
    if (result.kind === 'over-limit') throw creditLimitRefused(input.account!, result.openCents, result.totalCents);

    const refused = refusedLines(lines, result.parts);
    if (refused.length > 0) throw linesRefused(refused);
    const now = new Map(
      result.parts.map((p) => [p.partId, { priceCents: p.priceCents, priceBreaks: priceBreaksOf(p.priceBreaks) }]),
    );
    // Issue 30: a price list of the buyer's edited since (its stamp differs) reprices too.
    const listsChanged = result.priceListsStamp !== terms.stamp;
    const repriced =
      listsChanged ||
      priced.some(
        (l) =>
          now.get(l.partId)?.priceCents !== l.listPriceCents ||
          !sameBreaks(now.get(l.partId)?.priceBreaks, l.priceBreaks),
      );
    if (repriced && attempt === 1) {
      prices = now;
      if (listsChanged) terms = await deps.buyerTerms(caller.userId, partIds);
      continue;
    }
    if (amounts.grossCents > MAX_ORDER_TOTAL_CENTS) throw orderTooLarge();
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (result.unpaidUnits + units > deps.maxUnpaidUnits) throw unpaidLimit(deps.maxUnpaidUnits, result.unpaidUnits);
    if (attempt >= 2) {
      // Prices changed again while placing: the cart shows the new ones when it is read again.
      if (repriced)
        throw conflict('Prices changed while your order was placed. Please check your cart.', 'PRICE_CHANGED');
      throw conflict(orderMessages.aboveAvailable, 'ABOVE_AVAILABLE');
    }
  }
}

/**
 * Quantity price breaks (issue 30, PRODUCT.md "Quantity price breaks") as a part's admin writes
 * them, without zod: the product form checks them as the admin types, the server before it
 * stores them. How a break prices a quantity is pricing.ts's `unitPriceFor`, nowhere else.
 */

/** The most breaks a part has (the tiers above its own price). */
export const PRICE_BREAKS_MAX = 10;

/** The largest `minQuantity` of a break: the most units one line asks for (STOCK_MOVE_MAX). */
export const PRICE_BREAK_QUANTITY_MAX = 1_000_000;

/** A break as the API speaks it: from `minQuantity` units on, one unit costs `price` dollars. */
export interface PriceBreakDollars {
  minQuantity: number;
  price: number;
}

const cents = (dollars: number): number => Math.round(dollars * 100);
const dollarText = (c: number): string => `$${(c / 100).toFixed(2)}`;

/**
 * What is wrong with `breaks` on a part priced `price` (dollars), per field as the API's error
 * shape names them (`priceBreaks.1.minQuantity`); empty when they can be stored. Each break must
 * start above the one before it (the part's own price is the first tier, from 1 unit, so the
 * first break starts at 2 at least) and cost less per unit than the tier before it.
 * Type and range of each field are the schema's (contract parts.ts `priceBreaksInput`).
 */
export function priceBreakProblems(price: number, breaks: readonly PriceBreakDollars[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (breaks.length > PRICE_BREAKS_MAX) problems.priceBreaks = `A part has at most ${PRICE_BREAKS_MAX} price breaks`;
  let previous = { minQuantity: 1, priceCents: cents(price) };
  breaks.forEach((b, i) => {
    if (!(b.minQuantity > previous.minQuantity))
      problems[`priceBreaks.${i}.minQuantity`] =
        i === 0
          ? 'The first break starts at 2 units at least'
          : `Each break starts above the one before it (${previous.minQuantity})`;
    const priceCents = cents(b.price);
    if (!(priceCents < previous.priceCents))
      problems[`priceBreaks.${i}.price`] =
        i === 0
          ? `A break's price must be below the part's price (${dollarText(previous.priceCents)})`
          : `Each break's price must be below the one before it (${dollarText(previous.priceCents)})`;
    previous = { minQuantity: b.minQuantity, priceCents };
  });
  return problems;
}

/** Breaks in dollars (the API) to cents (pricing.ts, the database), in increasing `minQuantity`. */
export const priceBreaksToCents = (
  breaks: readonly PriceBreakDollars[],
): { minQuantity: number; priceCents: number }[] =>
  [...breaks]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((b) => ({ minQuantity: b.minQuantity, priceCents: cents(b.price) }));

/** Breaks in cents to dollars, in increasing `minQuantity`. */
export const priceBreaksToDollars = (
  breaks: readonly { minQuantity: number; priceCents: number }[],
): PriceBreakDollars[] =>
  [...breaks]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents / 100 }));

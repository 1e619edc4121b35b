import { conflictWith } from '../../lib/errors.ts';
import { formatCents, toDollars } from '../../lib/money.ts';
import type { AccountTerms, OrderMachine, PlaceLinesValues, PlaceOnAccountResult } from './order-machine.ts';

/**
 * Pay on account (issue 30, PRODUCT.md §26), the orders module's part: placing on the company's
 * terms (`placeLinesOnAccount`: the company's turn, the order, its terms and invoice number in one
 * transaction, within the credit limit) or by card as before.
 */
export function placeWith(
  machine: OrderMachine,
  account: AccountTerms | undefined,
  values: PlaceLinesValues,
): Promise<PlaceOnAccountResult> {
  return account ? machine.placeLinesOnAccount(values, account) : machine.placeLines(values);
}

/** 409 CREDIT_LIMIT (contract `creditLimitRefusal`): the limit, the open balance and this order's total, in dollars. */
export function creditLimitRefused(terms: AccountTerms, openCents: number, totalCents: number): Error {
  const left = Math.max(0, terms.creditLimitCents - openCents);
  return conflictWith(
    `This order (${formatCents(totalCents)}) is more than your company's available credit (${formatCents(left)} of ${formatCents(terms.creditLimitCents)}). Pay by card, or ask the shop to raise the limit.`,
    'CREDIT_LIMIT',
    {
      creditLimit: toDollars(terms.creditLimitCents),
      openBalance: toDollars(openCents),
      orderTotal: toDollars(totalCents),
    },
  );
}

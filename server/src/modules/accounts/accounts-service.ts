import type { CompanyCredit } from '@torque/contract';
import { DomainError, notFound } from '../../lib/errors.ts';
import { toDollars } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import type { AccountTerms } from '../orders/order-machine.ts';
import type { AccountsRepository } from './accounts-repository.ts';

/** 403 NO_PAYMENT_TERMS: the buyer's company (if any) has no payment terms, so no checkout on account. */
export const noPaymentTerms = () =>
  new DomainError(
    'forbidden',
    'NO_PAYMENT_TERMS',
    'Paying on account needs a company with payment terms: pay by card, or ask the shop for terms',
  );

/**
 * Pay on account (issue 30, PRODUCT.md §26): the terms a checkout on account is placed under (from
 * the buyer's company, never from the request) and the company's credit as its members see it.
 */
export function createAccountsService(repository: AccountsRepository) {
  return {
    /** The caller's company's terms for an order on account with `poNumber`; 403 NO_PAYMENT_TERMS without. */
    async termsFor(userId: string, poNumber: string | null): Promise<AccountTerms> {
      const terms = await repository.termsOf(userId);
      if (!terms) throw noPaymentTerms();
      return { ...terms, poNumber };
    },

    /** `GET /api/company/credit`: 404 when the caller's company has no terms (or there is none). */
    async credit(caller: Caller): Promise<CompanyCredit> {
      const found = await repository.creditOf(caller.userId);
      if (!found) throw notFound('Payment terms');
      return {
        netDays: found.netDays,
        creditLimit: toDollars(found.creditLimitCents),
        openBalance: toDollars(found.openCents),
        available: toDollars(Math.max(0, found.creditLimitCents - found.openCents)),
      };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

import {
  RATE_SCALE,
  type Cart,
  type PostalAddress,
  type TaxExemption,
  type TaxExemptionInput,
  type TaxIdAnswer,
  type TaxQuote,
  type TaxRate,
  type TaxReportRow,
} from '@torque/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { orderTaxOf, taxAmounts, type TaxDecision } from '../../lib/tax-amounts.ts';
import type { Caller } from '../../plugins/access.ts';
import type { TaxDestination } from '../orders/order-tax.ts';
import { isUniqueViolation, type StoredRate, type TaxRepository } from './tax-repository.ts';
import { decideTax, todayIn } from './tax-rules.ts';
import { readTaxId, type ViesClient } from './vies-client.ts';

/** What the tax module needs of the seller's configuration. */
export interface SellerConfig {
  country: string;
  taxId: string | null;
  timeZone: string;
}

/** What the quote needs of the cart (`app.cart`): the caller's cart as it shows it, priced by the one pricing function. */
export interface QuoteCart {
  get(caller: Caller): Promise<Cart>;
}
/** What the quote needs of the address book (`app.addressBook`). */
export interface QuoteAddresses {
  copyOf(userId: string, id: string): Promise<PostalAddress | undefined>;
  list(caller: Caller): Promise<(PostalAddress & { _id: string; defaultShipping: boolean })[]>;
}
/** What the quote needs of shipping (`app.shipping`): the same charge checkout takes. */
export interface QuoteShipping {
  charge(
    methodId: string,
    lines: readonly { partId: string; quantity: number }[],
    country: string,
    /** The buyer, whose price lists price the goods (PRODUCT.md §25). */
    userId: string | null,
  ): Promise<{ cents: number }>;
}

const rateMissing = () => notFound('Tax rate');
const rateTaken = () => conflict('There is a rate for this country and region already', 'TAX_RATE_EXISTS');

function toRate(row: StoredRate): TaxRate {
  return { _id: row.id, country: row.country, region: row.region, rate: row.rateMilli / RATE_SCALE, name: row.name };
}

const regionOf = (region: string | null | undefined): string | null => {
  const code = (region ?? '').trim().toUpperCase();
  return code === '' ? null : code;
};

/**
 * Tax (issue 29, PRODUCT.md "Tax"): the rates admins keep, buyers' tax numbers (checked with
 * VIES), exemption certificates, and THE decision of an order's rate and note (tax-rules.ts) that
 * placing asks for through the orders module's TaxPolicy port and the quote uses too.
 */
export function createTaxService(deps: {
  repository: TaxRepository;
  vies: ViesClient;
  seller: SellerConfig;
  /** The first re-check of an unverified number waits this long (tax-id-rechecker.ts doubles it). */
  retryBaseMs: number;
  cart: QuoteCart;
  addresses: QuoteAddresses;
  shipping: QuoteShipping;
  now?: () => Date;
}) {
  const { repository, seller } = deps;
  const now = deps.now ?? (() => new Date());

  async function saveRate(
    id: string | null,
    input: { country: string; region: string | null; rate: number; name: string },
  ) {
    const columns = {
      country: input.country,
      region: input.region,
      rateMilli: Math.round(input.rate * RATE_SCALE),
      name: input.name,
    };
    try {
      if (id === null) return toRate(await repository.createRate(columns));
      const row = await repository.updateRate(id, columns);
      if (!row) throw rateMissing();
      return toRate(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw rateTaken();
      throw error;
    }
  }

  function answerOf(
    row: { taxId: string; country: string | null; status: TaxIdAnswer['status'] } | undefined,
  ): TaxIdAnswer {
    return row
      ? { taxId: row.taxId, country: row.country, status: row.status }
      : { taxId: null, country: null, status: null };
  }

  /** The decision for `buyer` shipping to `destination` (null: the seller's country). */
  async function decide(
    buyer: { userId: string; email: string },
    destination: TaxDestination | null,
  ): Promise<TaxDecision> {
    const dest = destination
      ? { country: destination.country.toUpperCase(), region: regionOf(destination.region) }
      : { country: seller.country, region: null };
    // One round trip (tax-repository.ts DECISION_FACTS): a member buys with their company's number
    // (issue 30), else their own.
    const {
      rateMilli,
      buyerTaxId: taxId,
      exemption,
    } = await repository.decisionFacts(
      dest.country,
      dest.region,
      seller.country,
      buyer.userId,
      buyer.email.toLowerCase(),
    );
    return decideTax({
      sellerCountry: seller.country,
      sellerTaxId: seller.taxId,
      destination: dest,
      rateMilli,
      buyerTaxId: taxId ? { taxId: taxId.taxId, country: taxId.country, status: taxId.status } : null,
      certificate: exemption ? { certificate: exemption.certificate, expiresOn: exemption.expiresOn } : null,
      today: todayIn(seller.timeZone, now()),
    });
  }

  return {
    decide,

    listRates: async (): Promise<TaxRate[]> => (await repository.listRates()).map(toRate),
    async getRate(id: string): Promise<TaxRate> {
      const row = await repository.getRate(id);
      if (!row) throw rateMissing();
      return toRate(row);
    },
    createRate: (input: { country: string; region: string | null; rate: number; name: string }) =>
      saveRate(null, input),
    updateRate: (id: string, input: { country: string; region: string | null; rate: number; name: string }) =>
      saveRate(id, input),
    async removeRate(id: string): Promise<void> {
      if (!(await repository.removeRate(id))) throw rateMissing();
    },

    /** `GET /api/tax-id`: the caller's own number and its status (all null without one). */
    taxIdOf: async (caller: Caller): Promise<TaxIdAnswer> => answerOf(await repository.taxIdOf(caller.userId)),

    /**
     * `PUT /api/tax-id`: sets (or, empty, removes) the caller's own number. An EU VAT number's
     * format is checked first (400 when it cannot be one), then VIES is asked: valid or invalid as
     * it says; VIES away, 'unverified' and the background job asks again later (never a 500).
     * Another kind of number is kept 'unverified': nothing checks it and it changes no rate.
     */
    async putTaxId(caller: Caller, raw: string): Promise<TaxIdAnswer> {
      if (raw.trim() === '') {
        await repository.removeTaxId(caller.userId);
        return answerOf(undefined);
      }
      const read = readTaxId(raw);
      if (read.kind === 'eu-malformed')
        throw badRequest('This is not a valid EU VAT number', {
          taxId: 'This is not a valid EU VAT number: check the country prefix and the digits',
        });
      if (read.kind === 'other')
        return answerOf(
          await repository.putTaxId(caller.userId, {
            taxId: read.taxId,
            country: null,
            status: 'unverified',
            checked: false,
            retryInMs: null,
          }),
        );
      const answer = await deps.vies.check(read.viesCountry, read.vatNumber);
      const status = answer === 'unavailable' ? 'unverified' : answer;
      const row = await repository.putTaxId(caller.userId, {
        taxId: read.taxId,
        country: read.country,
        status,
        checked: answer !== 'unavailable',
        retryInMs: status === 'unverified' ? deps.retryBaseMs : null,
      });
      return answerOf(row);
    },

    async exemptionOf(email: string): Promise<TaxExemption> {
      const row = await repository.exemptionOf(email.toLowerCase());
      if (!row) throw notFound('Tax exemption');
      return { email: row.email, certificate: row.certificate, expiresOn: row.expiresOn };
    },
    async putExemption(email: string, input: Required<TaxExemptionInput>): Promise<TaxExemption> {
      const row = await repository.putExemption(email.toLowerCase(), input.certificate, input.expiresOn);
      return { email: row.email, certificate: row.certificate, expiresOn: row.expiresOn };
    },
    async removeExemption(email: string): Promise<void> {
      if (!(await repository.removeExemption(email.toLowerCase()))) throw notFound('Tax exemption');
    },

    /**
     * `GET /api/tax/quote`: the caller's cart as checkout would charge it, by the same functions
     * (the cart's prices, shipping's charge, `decide` and `taxAmounts`). Without `addressId` the
     * default shipping address; with none, no destination and no tax.
     */
    async quote(
      caller: Caller,
      query: { addressId?: string | undefined; shippingMethodId?: string | undefined },
    ): Promise<TaxQuote> {
      const [cart, address] = await Promise.all([
        deps.cart.get(caller),
        query.addressId
          ? deps.addresses.copyOf(caller.userId, query.addressId)
          : deps.addresses.list(caller).then((all) => all.find((a) => a.defaultShipping)),
      ]);
      if (query.addressId && !address) throw notFound('Address');
      const lineNets = cart.lines.map((l) => toCents(l.total));
      let shippingCents = 0;
      if (address && query.shippingMethodId && cart.lines.length > 0)
        shippingCents = (
          await deps.shipping.charge(
            query.shippingMethodId,
            cart.lines.map((l) => ({ partId: l.partId, quantity: l.quantity })),
            address.country,
            caller.userId,
          )
        ).cents;
      const decision = address
        ? await decide(caller, { country: address.country, region: address.region ?? null })
        : null;
      const amounts = taxAmounts(
        decision ?? {
          rateMilli: 0,
          note: null,
          country: null,
          region: null,
          buyerTaxId: null,
          buyerTaxIdStatus: null,
          sellerTaxId: null,
        },
        lineNets,
        shippingCents,
      );
      return {
        goods: toDollars(amounts.goodsCents),
        shipping: toDollars(amounts.shippingCents),
        net: toDollars(amounts.netCents),
        tax: orderTaxOf(amounts, decision?.note ?? null),
        gross: toDollars(amounts.grossCents),
        country: decision?.country ?? null,
        region: decision?.region ?? null,
        taxIdStatus: decision?.buyerTaxIdStatus ?? null,
      };
    },

    /** `GET /api/tax/report`: per country and rate, net, tax and gross of the orders paid in the period. */
    async report(from: string, to: string): Promise<TaxReportRow[]> {
      if (from > to) throw badRequest('from must not be after to', { to: 'to must not be before from' });
      const rows = await repository.report(from, to, seller.timeZone);
      return rows.map((r) => ({
        country: r.country,
        rate: r.rateMilli / RATE_SCALE,
        net: toDollars(r.netCents),
        tax: toDollars(r.taxCents),
        gross: toDollars(r.netCents + r.taxCents),
      }));
    },
  };
}
export type TaxService = ReturnType<typeof createTaxService>;

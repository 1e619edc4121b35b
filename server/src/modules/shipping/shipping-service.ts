import { unitPriceFor, type shippingMethodInput, type ShippingMethod, type ShippingOptions } from '@torque/contract';
import { termsOfPart } from '../price-lists/buyer-prices.ts';
import { NO_TERMS, type BuyerTerms } from '../price-lists/price-lists-repository.ts';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { MethodColumns, PartWeight, ShippingRepository, StoredMethod } from './shipping-repository.ts';
import { quote, type Parcel } from './shipping-rates.ts';

/** One cart line as shipping counts it. */
export interface ParcelLine {
  partId: string;
  quantity: number;
}

/** What shipping needs of the cart (the cart module's `app.cart` provides it): the account's lines and their parts' weights. */
export interface CartOfAccount {
  weighedLinesOf(userId: string): Promise<(ParcelLine & Omit<PartWeight, 'partId'>)[]>;
}

/** What shipping needs of the address book: the country of one of the account's addresses. */
export interface AddressCountries {
  copyOf(userId: string, id: string): Promise<{ country: string } | undefined>;
}

/** The shipping line checkout adds to an order (cents and grams). */
export interface ShippingCharge {
  methodId: string;
  name: string;
  cents: number;
  weightGrams: number;
}

/** A method as the contract's schema parsed it. */
type ParsedInput = z.output<typeof shippingMethodInput>;

function toMethod(row: StoredMethod): ShippingMethod {
  return {
    _id: row.id,
    name: row.name,
    carrier: row.carrier,
    countries: row.countries,
    rates: row.rates.map((b) => ({ upToGrams: b.upToGrams, price: toDollars(b.priceCents) })),
    freeOver: row.freeOverCents === null ? null : toDollars(row.freeOverCents),
    carriesHazardous: row.carriesHazardous,
    estimateDays: [row.estimateMinDays, row.estimateMaxDays],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a (partial) method write sets. */
function toColumns(input: Partial<ParsedInput>): Partial<MethodColumns> {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.carrier !== undefined && { carrier: input.carrier }),
    ...(input.countries !== undefined && { countries: input.countries }),
    ...(input.rates !== undefined && {
      rates: input.rates.map((b) => ({ upToGrams: b.upToGrams, priceCents: toCents(b.price) })),
    }),
    ...(input.freeOver !== undefined && { freeOverCents: input.freeOver === null ? null : toCents(input.freeOver) }),
    ...(input.carriesHazardous !== undefined && { carriesHazardous: input.carriesHazardous }),
    ...(input.estimateDays !== undefined && {
      estimateMinDays: input.estimateDays[0],
      estimateMaxDays: input.estimateDays[1],
    }),
    ...(input.active !== undefined && { active: input.active }),
  };
}

/** The parcel of `lines`: weights × units, the goods at today's unit prices (the one pricing function). */
export function parcelOf(
  lines: readonly ParcelLine[],
  parts: readonly PartWeight[],
  terms: BuyerTerms = NO_TERMS,
  at: Date = new Date(),
): Parcel {
  const byId = new Map(parts.map((p) => [p.partId, p]));
  const parcel: Parcel = { weightGrams: 0, goodsCents: 0, hazardous: false };
  for (const line of lines) {
    const part = byId.get(line.partId);
    if (!part) continue;
    parcel.weightGrams += part.weightGrams * line.quantity;
    parcel.goodsCents +=
      unitPriceFor(
        { listPriceCents: part.priceCents, priceBreaks: part.priceBreaks, priceLists: termsOfPart(terms, part.partId) },
        line.quantity,
        at,
      ).unitCents * line.quantity;
    parcel.hazardous ||= part.hazardous;
  }
  return parcel;
}

const methodMissing = () => notFound('Shipping method');

/**
 * Shipping (issue 28, PRODUCT.md "Addresses and shipping"): the admins' methods, and the price of
 * carrying a cart to an address, always computed here (a price a client sends is never read).
 */
export function createShippingService(deps: {
  repository: ShippingRepository;
  cart: CartOfAccount;
  addresses: AddressCountries;
  /** The buyer's price lists (PRODUCT.md §25): the goods total is the buyer's; absent: none. */
  buyerTerms?: (userId: string, partIds: readonly string[]) => Promise<BuyerTerms>;
}) {
  const { repository } = deps;
  const termsOf = (userId: string | null, partIds: readonly string[]): Promise<BuyerTerms> =>
    deps.buyerTerms && userId !== null && partIds.length > 0
      ? deps.buyerTerms(userId, partIds)
      : Promise.resolve(NO_TERMS);

  async function parcelOfLines(lines: readonly ParcelLine[], userId: string | null): Promise<Parcel> {
    const ids = [...new Set(lines.map((l) => l.partId))];
    const [parts, terms] = await Promise.all([repository.partWeights(ids), termsOf(userId, ids)]);
    return parcelOf(lines, parts, terms);
  }

  return {
    listAll: async (): Promise<ShippingMethod[]> => (await repository.list()).map(toMethod),
    listActive: async (): Promise<ShippingMethod[]> => (await repository.listActive()).map(toMethod),

    async get(id: string): Promise<ShippingMethod> {
      const row = await repository.get(id);
      if (!row) throw methodMissing();
      return toMethod(row);
    },

    create: async (input: ParsedInput): Promise<ShippingMethod> =>
      toMethod(await repository.create(toColumns(input) as MethodColumns)),

    async update(id: string, input: Partial<ParsedInput>): Promise<ShippingMethod> {
      const row = await repository.update(id, toColumns(input));
      if (!row) throw methodMissing();
      return toMethod(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw methodMissing();
    },

    /**
     * The active methods that can carry the caller's cart to their address `addressId`, priced,
     * cheapest first, and the others with why not. 404 when the address is not the caller's.
     */
    async options(userId: string, addressId: string): Promise<ShippingOptions> {
      // Three independent reads at once: one round trip's wait in all.
      const [address, lines, methods] = await Promise.all([
        deps.addresses.copyOf(userId, addressId),
        deps.cart.weighedLinesOf(userId),
        repository.listActive(),
      ]);
      if (!address) throw notFound('Address');
      const parcel = parcelOf(lines, lines, await termsOf(userId, [...new Set(lines.map((l) => l.partId))]));
      const result: ShippingOptions = {
        weightGrams: parcel.weightGrams,
        goodsTotal: toDollars(parcel.goodsCents),
        hazardous: parcel.hazardous,
        options: [],
        refused: [],
      };
      for (const method of methods) {
        const q = quote(method, parcel, address.country);
        if (q.ok)
          result.options.push({
            methodId: method.id,
            name: method.name,
            carrier: method.carrier,
            price: toDollars(q.cents),
            estimateDays: [method.estimateMinDays, method.estimateMaxDays],
          });
        else result.refused.push({ methodId: method.id, name: method.name, code: q.code, message: q.message });
      }
      result.options.sort((a, b) => a.price - b.price || a.estimateDays[0] - b.estimateDays[0]);
      return result;
    },

    /** Whether any method is active (checkout asks when a structured address comes without a method). */
    anyActive: async (): Promise<boolean> => (await repository.listActive()).length > 0,

    /**
     * The shipping line for `lines` to `country` by method `methodId`, priced here. 409 naming why
     * when the method is gone or inactive (SHIPPING_METHOD_UNAVAILABLE) or cannot carry the cart
     * (SHIPPING_TOO_HEAVY, SHIPPING_HAZARDOUS, SHIPPING_COUNTRY_NOT_SERVED).
     */
    async charge(
      methodId: string,
      lines: readonly ParcelLine[],
      country: string,
      /** The buyer, whose price lists price the goods (free shipping over an amount); null: list prices. */
      userId: string | null = null,
    ): Promise<ShippingCharge> {
      const method = await repository.get(methodId);
      if (!method || !method.active)
        throw conflict('This shipping method is not available', 'SHIPPING_METHOD_UNAVAILABLE');
      const parcel = await parcelOfLines(lines, userId);
      const q = quote(method, parcel, country);
      if (!q.ok) throw conflict(q.message, `SHIPPING_${q.code}`);
      return { methodId: method.id, name: method.name, cents: q.cents, weightGrams: parcel.weightGrams };
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;

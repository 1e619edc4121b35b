import {
  priceBreakProblems,
  priceBreaksToCents,
  priceBreaksToDollars,
  type PriceList,
  type PriceListFields,
} from '@torque/contract';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type {
  BuyerTerms,
  PriceListRow,
  PriceListsRepository,
  StoredListPrice,
  StoredPriceList,
} from './price-lists-repository.ts';

const missing = () => notFound('Price list');

function toPriceList(
  row: StoredPriceList,
  companyIds: readonly string[],
  prices: readonly StoredListPrice[],
): PriceList {
  return {
    _id: row.id,
    name: row.name,
    companyIds: [...companyIds],
    percentOff: row.percentOff === null ? null : Number(row.percentOff),
    prices: prices.map((p) => ({
      partId: p.partId,
      partName: p.partName,
      partNumber: p.partNumber,
      price: toDollars(p.priceCents),
      priceBreaks: priceBreaksToDollars(p.priceBreaks),
    })),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Price lists (issue 30, PRODUCT.md §25): shop admins' CRUD, and `termsFor`, what every price a
 * buyer is shown or charged is computed from (with pricing.ts's `unitPriceFor`).
 */
/** How long a buyer's lists serve part answers from memory (PRODUCT.md §25: never money); as session-validity.ts's recheck. */
export const SHOWN_TERMS_TTL_MS = 2_000;
const SHOWN_TERMS_MAX = 10_000;

export function createPriceListsService(repository: PriceListsRepository, now: () => number = Date.now) {
  /**
   * What part answers show a buyer: their lists with every fixed price, kept per account for
   * SHOWN_TERMS_TTL_MS and dropped on this instance's every list write, so a catalogue page costs
   * no query. Another instance's edit shows after at most the TTL; money never reads this (the
   * cart, shipping, checkout and orders ask `termsFor`, and placing compares the stamp).
   */
  const shown = new Map<string, { at: number; terms: Promise<BuyerTerms> }>();
  const forgetShown = () => shown.clear();
  async function answer(rows: readonly StoredPriceList[]): Promise<PriceList[]> {
    const ids = rows.map((r) => r.id);
    const [companies, prices] = await Promise.all([repository.companiesOf(ids), repository.pricesOf(ids)]);
    return rows.map((r) =>
      toPriceList(
        r,
        companies.filter((c) => c.priceListId === r.id).map((c) => c.companyId),
        prices.filter((p) => p.priceListId === r.id),
      ),
    );
  }

  /** The fields as they are stored, or a 400 naming every field that cannot be. */
  async function rowOf(fields: PriceListFields): Promise<PriceListRow> {
    const problems: Record<string, string> = {};
    const companyIds = [...new Set(fields.companyIds)];
    const [companies, parts] = await Promise.all([
      repository.existingCompanies(companyIds),
      repository.existingParts(fields.prices.map((p) => p.partId)),
    ]);
    fields.companyIds.forEach((id, i) => {
      if (!companies.has(id)) problems[`companyIds.${i}`] = 'No such company';
    });
    fields.prices.forEach((p, i) => {
      if (!parts.has(p.partId)) problems[`prices.${i}.partId`] = 'No such part';
      for (const [field, message] of Object.entries(priceBreakProblems(p.price, p.priceBreaks)))
        problems[`prices.${i}.${field}`] = message;
    });
    if (Object.keys(problems).length > 0) throw badRequest('The price list has errors', problems);
    return {
      name: fields.name,
      percentOff: fields.percentOff,
      validFrom: fields.validFrom === null ? null : new Date(fields.validFrom),
      validTo: fields.validTo === null ? null : new Date(fields.validTo),
      companyIds,
      prices: fields.prices.map((p) => ({
        partId: p.partId,
        priceCents: toCents(p.price),
        priceBreaks: priceBreaksToCents(p.priceBreaks),
      })),
    };
  }

  return {
    list: async (): Promise<PriceList[]> => answer(await repository.list()),

    async get(id: string): Promise<PriceList> {
      const row = await repository.get(id);
      if (!row) throw missing();
      return (await answer([row]))[0]!;
    },

    async create(fields: PriceListFields): Promise<PriceList> {
      const row = await repository.create(await rowOf(fields));
      forgetShown();
      return (await answer([row]))[0]!;
    },

    async update(id: string, fields: PriceListFields): Promise<PriceList> {
      if (!(await repository.get(id))) throw missing();
      const row = await repository.update(id, await rowOf(fields));
      forgetShown();
      if (!row) throw missing();
      return (await answer([row]))[0]!;
    },

    async remove(id: string): Promise<void> {
      const removed = await repository.remove(id);
      forgetShown();
      if (!removed) throw missing();
    },

    /** For part answers only: the buyer's lists with every fixed price, from memory for SHOWN_TERMS_TTL_MS. */
    shownTermsFor(userId: string): Promise<BuyerTerms> {
      const t = now();
      const hit = shown.get(userId);
      if (hit && t - hit.at < SHOWN_TERMS_TTL_MS) return hit.terms;
      if (shown.size >= SHOWN_TERMS_MAX) shown.clear();
      const terms = repository.termsFor(userId, null);
      shown.set(userId, { at: t, terms });
      terms.catch(() => shown.delete(userId));
      return terms;
    },

    /** The buyer's lists with their fixed prices for `partIds` (null: every part); none for a visitor. */
    termsFor: (userId: string | null, partIds: readonly string[] | null): Promise<BuyerTerms> =>
      userId === null ? Promise.resolve({ stamp: '', lists: [] }) : repository.termsFor(userId, partIds),
  };
}

export type PriceListsService = ReturnType<typeof createPriceListsService>;

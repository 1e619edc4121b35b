import type { PriceBreak } from '@torque/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, parts, priceListCompanies, priceListPrices, priceLists } from '../../db/schema/index.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { priceBreaksOf } from '../../lib/price-breaks.ts';

export type StoredPriceList = typeof priceLists.$inferSelect;
export interface StoredListPrice {
  priceListId: string;
  partId: string;
  partName: string | null;
  partNumber: string | null;
  priceCents: number;
  priceBreaks: PriceBreak[];
}

/** A price list as it is written: cents, breaks in cents, instants as Dates. */
export interface PriceListRow {
  name: string;
  percentOff: number | null;
  validFrom: Date | null;
  validTo: Date | null;
  companyIds: readonly string[];
  prices: readonly { partId: string; priceCents: number; priceBreaks: PriceBreak[] }[];
}

/** One of a buyer's price lists, with its fixed prices for the parts asked about. */
export interface BuyerList {
  id: string;
  version: number;
  percentOff: number | null;
  validFrom: string | null;
  validTo: string | null;
  fixed: ReadonlyMap<string, { priceCents: number; priceBreaks: PriceBreak[] }>;
}

/**
 * A buyer's price lists (every list of their company, valid now or not) and their stamp: each
 * list's id and version, in id order, as the placing statements compute it (order-statements.ts
 * PRICE_LISTS_STAMP_OF). Empty for a visitor, a buyer without a company or a company without lists.
 */
export interface BuyerTerms {
  stamp: string;
  lists: readonly BuyerList[];
}

export const NO_TERMS: BuyerTerms = { stamp: '', lists: [] };

/**
 * One statement for a buyer's lists and, for `$2` the parts asked about, the lists' fixed prices
 * (`partsFilter`: those parts, or every part): company_members (unique user_id) →
 * price_list_companies (company index) → price_lists, and per list its fixed prices by primary
 * key. Instants as epoch milliseconds, so both drivers give the same.
 *
 * Two statements, not one with `$2 is null or …`: with that OR PostgreSQL's generic plan was
 * costed above every custom plan (which fold the null test away), so each bind planned the
 * statement again (0.3–1.0 ms per checkout, docs/PERFORMANCE.md "Checkout"). Without it the
 * generic plan is as cheap and is kept after the first executions.
 */
const buyerTermsSql = (partsFilter: string) => `
  select pl.id, pl.version, pl.percent_off::float8 as "percentOff",
    (extract(epoch from pl.valid_from) * 1000)::float8 as "validFrom",
    (extract(epoch from pl.valid_to) * 1000)::float8 as "validTo",
    coalesce((
      select json_agg(json_build_object('partId', pp.part_id, 'priceCents', pp.price_cents, 'priceBreaks', pp.price_breaks))
      from price_list_prices as pp
      where pp.price_list_id = pl.id${partsFilter}
    ), '[]')::text as "fixed"
  from company_members as m
  join price_list_companies as c on c.company_id = m.company_id
  join price_lists as pl on pl.id = c.price_list_id
  where m.user_id = $1::text
  order by pl.id`;
/** $1 user id, $2 the parts whose fixed prices are wanted. */
const BUYER_TERMS_OF_PARTS = buyerTermsSql(' and pp.part_id = any($2::uuid[])');
/** $1 user id: the fixed prices of every part. */
const BUYER_TERMS_ALL_PARTS = buyerTermsSql('');

interface BuyerTermsRow {
  id: string;
  version: number;
  percentOff: number | null;
  validFrom: number | null;
  validTo: number | null;
  fixed: string;
}

const instantOf = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Every statement on price lists (issue 30). */
export function createPriceListsRepository(db: Db) {
  async function pricesOf(listIds: readonly string[]): Promise<StoredListPrice[]> {
    if (listIds.length === 0) return [];
    const rows = await db
      .select({
        priceListId: priceListPrices.priceListId,
        partId: priceListPrices.partId,
        partName: parts.name,
        partNumber: parts.partNumber,
        priceCents: priceListPrices.priceCents,
        priceBreaks: priceListPrices.priceBreaks,
      })
      .from(priceListPrices)
      .leftJoin(parts, eq(parts.id, priceListPrices.partId))
      .where(inArray(priceListPrices.priceListId, [...listIds]))
      .orderBy(asc(parts.partNumber), asc(priceListPrices.partId));
    return rows.map((r) => ({ ...r, priceBreaks: priceBreaksOf(r.priceBreaks) }));
  }

  async function companiesOf(listIds: readonly string[]): Promise<{ priceListId: string; companyId: string }[]> {
    if (listIds.length === 0) return [];
    return db
      .select({ priceListId: priceListCompanies.priceListId, companyId: priceListCompanies.companyId })
      .from(priceListCompanies)
      .innerJoin(companies, eq(companies.id, priceListCompanies.companyId))
      .where(inArray(priceListCompanies.priceListId, [...listIds]))
      .orderBy(asc(companies.name), asc(companies.id));
  }

  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  async function writeChildren(tx: Tx, id: string, row: PriceListRow): Promise<void> {
    await tx.delete(priceListCompanies).where(eq(priceListCompanies.priceListId, id));
    await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, id));
    if (row.companyIds.length > 0)
      await tx.insert(priceListCompanies).values(row.companyIds.map((companyId) => ({ priceListId: id, companyId })));
    if (row.prices.length > 0)
      await tx.insert(priceListPrices).values(
        row.prices.map((p) => ({
          priceListId: id,
          partId: p.partId,
          priceCents: p.priceCents,
          priceBreaks: p.priceBreaks,
        })),
      );
  }

  const percentText = (n: number | null): string | null => (n === null ? null : n.toFixed(2));

  return {
    pricesOf,
    companiesOf,

    list: (): Promise<StoredPriceList[]> =>
      db.select().from(priceLists).orderBy(asc(priceLists.name), asc(priceLists.id)),

    async get(id: string): Promise<StoredPriceList | undefined> {
      const [row] = await db.select().from(priceLists).where(eq(priceLists.id, id));
      return row;
    },

    /** Which of `ids` are companies. */
    async existingCompanies(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(inArray(companies.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    /** Which of `ids` are parts. */
    async existingParts(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: parts.id })
        .from(parts)
        .where(inArray(parts.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    /** Writes a new list, its companies and prices, in one transaction. */
    create: (row: PriceListRow): Promise<StoredPriceList> =>
      db.transaction(async (tx) => {
        const [list] = await tx
          .insert(priceLists)
          .values({
            name: row.name,
            percentOff: percentText(row.percentOff),
            validFrom: row.validFrom,
            validTo: row.validTo,
          })
          .returning();
        await writeChildren(tx, list!.id, row);
        return list!;
      }),

    /** Replaces a list wholly and bumps its version, in one transaction; undefined when there is none. */
    update: (id: string, row: PriceListRow): Promise<StoredPriceList | undefined> =>
      db.transaction(async (tx) => {
        const [list] = await tx
          .update(priceLists)
          .set({
            name: row.name,
            percentOff: percentText(row.percentOff),
            validFrom: row.validFrom,
            validTo: row.validTo,
            version: sql`${priceLists.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(priceLists.id, id))
          .returning();
        if (!list) return undefined;
        await writeChildren(tx, id, row);
        return list;
      }),

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(priceLists).where(eq(priceLists.id, id)).returning({ id: priceLists.id });
      return rows.length > 0;
    },

    /** The buyer's price lists with their fixed prices for `partIds` (null: every part). */
    async termsFor(userId: string, partIds: readonly string[] | null): Promise<BuyerTerms> {
      const rows =
        partIds === null
          ? await preparedQuery<BuyerTermsRow>(db, 'price_lists_buyer_terms_all', BUYER_TERMS_ALL_PARTS, [userId])
          : await preparedQuery<BuyerTermsRow>(db, 'price_lists_buyer_terms', BUYER_TERMS_OF_PARTS, [
              userId,
              [...partIds],
            ]);
      if (rows.length === 0) return NO_TERMS;
      const lists = rows.map((r) => {
        const fixed = new Map<string, { priceCents: number; priceBreaks: PriceBreak[] }>();
        for (const f of JSON.parse(r.fixed) as { partId: string; priceCents: number; priceBreaks: unknown }[])
          fixed.set(f.partId, { priceCents: Number(f.priceCents), priceBreaks: priceBreaksOf(f.priceBreaks) });
        return {
          id: r.id,
          version: Number(r.version),
          percentOff: r.percentOff === null ? null : Number(r.percentOff),
          validFrom: instantOf(r.validFrom),
          validTo: instantOf(r.validTo),
          fixed,
        };
      });
      return { stamp: lists.map((l) => `${l.id}:${l.version}`).join(','), lists };
    },
  };
}

export type PriceListsRepository = ReturnType<typeof createPriceListsRepository>;

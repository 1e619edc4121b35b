import { asc, eq, sql } from 'drizzle-orm';
import type { TaxIdStatus } from '@torque/contract';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { taxExemptions, taxIds, taxRates } from '../../db/schema/index.ts';

export type StoredRate = typeof taxRates.$inferSelect;
export type RateColumns = Pick<typeof taxRates.$inferInsert, 'country' | 'region' | 'rateMilli' | 'name'>;
export type StoredTaxId = typeof taxIds.$inferSelect;
export type StoredExemption = typeof taxExemptions.$inferSelect;

/** A tax number the background job took to check: it is this job's until the lease ends. */
export type ClaimedTaxId = {
  userId: string;
  taxId: string;
  country: string;
  attempts: number;
};

/** One row of the tax report, in cents and thousandths of a percent. */
export interface ReportRowCents {
  country: string;
  rateMilli: number;
  netCents: number;
  taxCents: number;
}

/** Whether `error` is PostgreSQL's unique violation (23505), here or in a cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The facts an order's tax is decided from (tax-rules.ts `decideTax`), read together by `decisionFacts`. */
export interface DecisionFacts {
  rateMilli: number;
  buyerTaxId: { taxId: string; country: string | null; status: TaxIdStatus } | undefined;
  exemption: { certificate: string; expiresOn: string } | undefined;
}

/**
 * $1 destination country, $2 its region (or null), $3 the seller's country, $4 the buyer's user
 * id, $5 their e-mail (lower case). One round trip (placing waits for it; it was four queries, two
 * after each other): the rate (thousandths of a percent) for the country and region: the
 * region's row, else the country's, else the seller's country's (a destination in the tax area
 * without a rate of its own), else 0; the buyer's number: their company's when they belong to one
 * that has a number (issue 30), else their own; their exemption certificate, by e-mail.
 */
const DECISION_FACTS = `
  select
    (select rate_milli from tax_rates
      where (country = $1::text and (region = $2::text or region is null)) or (country = $3::text and region is null)
      order by (country = $1::text) desc, (region is not null) desc
      limit 1) as "rateMilli",
    coalesce(
      (select json_build_object('taxId', c.tax_id, 'country', c.tax_id_country, 'status', coalesce(c.tax_id_status, 'unverified'))
        from company_members as m join companies as c on c.id = m.company_id
        where m.user_id = $4::text and c.tax_id is not null limit 1),
      (select json_build_object('taxId', t.tax_id, 'country', t.country, 'status', t.status)
        from tax_ids as t where t.user_id = $4::text)
    )::text as "buyerTaxId",
    (select json_build_object('certificate', e.certificate, 'expiresOn', e.expires_on::text)
      from tax_exemptions as e where e.email = $5::text)::text as "exemption"`;

/** Every statement on the tax tables, and the tax report's read of the orders' tax columns. */
export function createTaxRepository(db: Db) {
  return {
    listRates: (): Promise<StoredRate[]> =>
      db
        .select()
        .from(taxRates)
        .orderBy(asc(taxRates.country), sql`${taxRates.region} nulls first`, asc(taxRates.id)),

    async getRate(id: string): Promise<StoredRate | undefined> {
      const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
      return row;
    },

    async createRate(columns: RateColumns): Promise<StoredRate> {
      const [row] = await db.insert(taxRates).values(columns).returning();
      return row!;
    },

    async updateRate(id: string, columns: RateColumns): Promise<StoredRate | undefined> {
      const [row] = await db
        .update(taxRates)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(taxRates.id, id))
        .returning();
      return row;
    },

    async removeRate(id: string): Promise<boolean> {
      const rows = await db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
      return rows.length > 0;
    },

    /** The facts of one tax decision in one statement (`DECISION_FACTS`): what placing an order waits for. */
    async decisionFacts(
      country: string,
      region: string | null,
      sellerCountry: string,
      userId: string,
      email: string,
    ): Promise<DecisionFacts> {
      const [row] = await preparedQuery<{
        rateMilli: number | null;
        buyerTaxId: string | null;
        exemption: string | null;
      }>(db, 'tax_decision_facts', DECISION_FACTS, [country, region, sellerCountry, userId, email]);
      return {
        rateMilli: row?.rateMilli == null ? 0 : Number(row.rateMilli),
        buyerTaxId: row?.buyerTaxId ? (JSON.parse(row.buyerTaxId) as DecisionFacts['buyerTaxId']) : undefined,
        exemption: row?.exemption ? (JSON.parse(row.exemption) as DecisionFacts['exemption']) : undefined,
      };
    },

    async taxIdOf(userId: string): Promise<StoredTaxId | undefined> {
      const [row] = await db.select().from(taxIds).where(eq(taxIds.userId, userId));
      return row;
    },

    /** Stores the account's number as checked now; `retryInMs` (unverified) schedules the background re-check. */
    async putTaxId(
      userId: string,
      values: {
        taxId: string;
        country: string | null;
        status: TaxIdStatus;
        checked: boolean;
        retryInMs: number | null;
      },
    ): Promise<StoredTaxId> {
      const nextCheckAt =
        values.retryInMs === null ? null : sql`now() + ${values.retryInMs}::integer * interval '1 millisecond'`;
      const checkedAt = values.checked ? sql`now()` : null;
      const set = {
        taxId: values.taxId,
        country: values.country,
        status: values.status,
        checkedAt,
        nextCheckAt,
        attempts: 0,
        claimedUntil: null,
        updatedAt: sql`now()`,
      };
      const [row] = await db
        .insert(taxIds)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: taxIds.userId, set })
        .returning();
      return row!;
    },

    removeTaxId: async (userId: string): Promise<void> => {
      await db.delete(taxIds).where(eq(taxIds.userId, userId));
    },

    async exemptionOf(email: string): Promise<StoredExemption | undefined> {
      const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.email, email));
      return row;
    },

    async putExemption(email: string, certificate: string, expiresOn: string): Promise<StoredExemption> {
      const [row] = await db
        .insert(taxExemptions)
        .values({ email, certificate, expiresOn })
        .onConflictDoUpdate({ target: taxExemptions.email, set: { certificate, expiresOn, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    async removeExemption(email: string): Promise<boolean> {
      const rows = await db
        .delete(taxExemptions)
        .where(eq(taxExemptions.email, email))
        .returning({ email: taxExemptions.email });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` unverified EU numbers due for a check, for this worker only: FOR UPDATE
     * SKIP LOCKED passes over rows another instance is claiming at this moment, and the lease
     * (`claimed_until`) keeps them from everybody else until they are resolved or rescheduled, or
     * until the lease runs out because the worker died (then another takes them again).
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedTaxId[]> {
      const { rows } = await db.execute<ClaimedTaxId>(sql`
        update tax_ids set claimed_until = now() + ${leaseMs}::integer * interval '1 millisecond',
          attempts = attempts + 1, updated_at = now()
        where user_id in (
          select user_id from tax_ids
          where status = 'unverified' and country is not null and next_check_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_check_at
          limit ${limit}::integer
          for update skip locked
        )
        returning user_id as "userId", tax_id as "taxId", country, attempts`);
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
    },

    /**
     * VIES answered for a claimed number: its status, no more checks. Only if the account still
     * has that number (it may have changed it meanwhile; the new one has its own check).
     */
    resolve: async (userId: string, taxId: string, status: 'valid' | 'invalid'): Promise<void> => {
      await db.execute(sql`
        update tax_ids set status = ${status}, checked_at = now(), next_check_at = null, claimed_until = null,
          updated_at = now()
        where user_id = ${userId} and tax_id = ${taxId} and status = 'unverified'`);
    },

    /** VIES was away again: the claimed number waits `delayMs` for its next check. */
    reschedule: async (userId: string, taxId: string, delayMs: number): Promise<void> => {
      await db.execute(sql`
        update tax_ids set claimed_until = null, checked_at = now(), updated_at = now(),
          next_check_at = now() + ${delayMs}::integer * interval '1 millisecond'
        where user_id = ${userId} and tax_id = ${taxId} and status = 'unverified'`);
    },

    /**
     * The tax report: orders paid on the days `from`..`to` (inclusive, in `timeZone`) and not
     * refunded, summed per destination country and rate from their rate lines. An order placed
     * before tax (no rate line) counts as 0 % of its net; one without a country as ''.
     */
    async report(from: string, to: string, timeZone: string): Promise<ReportRowCents[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select coalesce(o.tax_country, '') as "country", (l.value->>'rate')::integer as "rateMilli",
          sum((l.value->>'net')::bigint) as "netCents", sum((l.value->>'tax')::bigint) as "taxCents"
        from orders as o,
          jsonb_array_elements(case when jsonb_array_length(o.tax_lines) = 0
            then jsonb_build_array(jsonb_build_object('rate', 0, 'net', coalesce(o.net_cents, o.total_cents - o.tax_cents), 'tax', o.tax_cents))
            else o.tax_lines end) as l(value)
        where o.paid_at >= (${from}::date::timestamp at time zone ${timeZone})
          and o.paid_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})
          and o.refunded_at is null
        group by 1, 2
        order by 1, 2`);
      return rows.map((r) => ({
        country: String(r.country),
        rateMilli: Number(r.rateMilli),
        netCents: Number(r.netCents),
        taxCents: Number(r.taxCents),
      }));
    },
  };
}
export type TaxRepository = ReturnType<typeof createTaxRepository>;

import type { CompanyRole } from '@torque/contract';
import type { ClaimedNumber } from '../tax/tax-id-rechecker.ts';
import { INVITATION_TTL_MS } from '@torque/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { KEY_PATTERNS, keysetAfter, keysetOrder, splitPage, type KeyColumn } from '../../lib/keyset-page.ts';
import { companies, companyInvitations, companyMembers, user } from '../../db/schema/index.ts';

export type StoredCompany = typeof companies.$inferSelect;

/** The list's order, by name then id (`GET /api/companies`), and its keyset. */
const COMPANY_KEY: KeyColumn[] = [
  { expr: sql`${companies.name}`, type: 'text' },
  { expr: sql`${companies.id}`, type: 'uuid' },
];
export const COMPANY_KEY_PATTERNS = [KEY_PATTERNS.text, KEY_PATTERNS.uuid];
export interface StoredMember {
  companyId: string;
  userId: string;
  email: string;
  name: string;
  role: CompanyRole;
  joinedAt: Date;
}
export interface StoredInvitation {
  id: string;
  companyId: string;
  email: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}
/** What accepting a token did: joined (or was already in) the company, or why not. */
export type AcceptOutcome =
  | { kind: 'joined'; companyId: string }
  | { kind: 'unknown' | 'used' | 'expired' | 'other-account' }
  | { kind: 'in-another-company' };
/** A tax number as the companies service checked it (VIES for an EU VAT number). */
export interface CheckedTaxId {
  taxId: string | null;
  country: string | null;
  status: 'valid' | 'invalid' | 'unverified' | null;
  /** Whether VIES answered (`tax_id_checked_at` now). */
  checked: boolean;
  /** Unverified EU number: the first background re-check waits this long; else null. */
  retryInMs: number | null;
}

/** The tax columns a freshly checked number writes: its re-check starts afresh (no tries, no claim). */
function taxIdColumns(c: CheckedTaxId) {
  return {
    taxId: c.taxId,
    taxIdCountry: c.country,
    taxIdStatus: c.status,
    taxIdCheckedAt: c.checked ? sql`now()` : null,
    taxIdNextCheckAt: c.retryInMs === null ? null : sql`now() + ${c.retryInMs}::integer * interval '1 millisecond'`,
    taxIdAttempts: 0,
    taxIdClaimedUntil: null,
  };
}

export interface Membership {
  companyId: string;
  role: CompanyRole;
}

/** Every statement on companies and their members (issue 30). */
export function createCompaniesRepository(db: Db) {
  const memberColumns = {
    companyId: companyMembers.companyId,
    userId: companyMembers.userId,
    email: user.email,
    name: user.name,
    role: companyMembers.role,
    joinedAt: companyMembers.createdAt,
  };

  const invitationColumns = {
    id: companyInvitations.id,
    companyId: companyInvitations.companyId,
    email: companyInvitations.email,
    expiresAt: companyInvitations.expiresAt,
    acceptedAt: companyInvitations.acceptedAt,
    createdAt: companyInvitations.createdAt,
  };

  return {
    list: (): Promise<StoredCompany[]> => db.select().from(companies).orderBy(asc(companies.name), asc(companies.id)),

    /** One page of the list after the key `after`, and the key of its last company when more follow. */
    async page(
      limit: number,
      after: string[] | undefined,
    ): Promise<{ rows: StoredCompany[]; nextKey: string[] | null }> {
      const rows = await db
        .select()
        .from(companies)
        .where(after ? keysetAfter(COMPANY_KEY, after) : undefined)
        .orderBy(keysetOrder(COMPANY_KEY))
        .limit(limit + 1);
      const { shown, nextKey } = splitPage(rows, limit, (last) => [last.name, last.id]);
      return { rows: shown, nextKey };
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
      return Number(row?.n ?? 0);
    },

    async get(id: string): Promise<StoredCompany | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row;
    },

    /** The members of the given companies, oldest first. */
    membersOf: (companyIds: readonly string[]): Promise<StoredMember[]> =>
      companyIds.length === 0
        ? Promise.resolve([])
        : db
            .select(memberColumns)
            .from(companyMembers)
            .innerJoin(user, eq(user.id, companyMembers.userId))
            .where(inArray(companyMembers.companyId, [...companyIds]))
            .orderBy(asc(companyMembers.createdAt), asc(user.email)),

    async create(fields: { name: string; taxId: string | null }, checked?: CheckedTaxId): Promise<StoredCompany> {
      const [row] = await db
        .insert(companies)
        .values({ name: fields.name, ...(checked ? taxIdColumns(checked) : { taxId: fields.taxId }) })
        .returning();
      return row!;
    },

    /**
     * A shop admin's edit: the name, and, with `checked`, the tax number as just checked (null:
     * the company has none), which starts its re-check afresh; without it the number is kept.
     */
    async update(id: string, name: string, checked?: CheckedTaxId | null): Promise<StoredCompany | undefined> {
      const tax =
        checked === undefined
          ? {}
          : checked === null
            ? taxIdColumns({ taxId: null, country: null, status: null, checked: false, retryInMs: null })
            : taxIdColumns(checked);
      const [row] = await db
        .update(companies)
        .set({ name, ...tax, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      return row;
    },

    /**
     * The background re-check's claim (tax-id-rechecker.ts), as tax-repository's `claimDue` on
     * tax_ids: up to `limit` companies with an unverified EU number due for a check, for this
     * worker only. FOR UPDATE SKIP LOCKED passes over rows another instance is claiming at this
     * moment; the lease keeps them from everybody else until resolved, rescheduled or the lease
     * runs out (the worker died).
     */
    async claimDueTaxIds(limit: number, leaseMs: number): Promise<ClaimedNumber[]> {
      const { rows } = await db.execute<ClaimedNumber>(sql`
        update companies set tax_id_claimed_until = now() + ${leaseMs}::integer * interval '1 millisecond',
          tax_id_attempts = tax_id_attempts + 1
        where id in (
          select id from companies
          where tax_id_status = 'unverified' and tax_id_country is not null and tax_id_next_check_at <= now()
            and (tax_id_claimed_until is null or tax_id_claimed_until < now())
          order by tax_id_next_check_at
          limit ${limit}::integer
          for update skip locked
        )
        returning id::text as "key", tax_id as "taxId", tax_id_attempts as "attempts"`);
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
    },

    /** VIES answered for a claimed number: its status, only while the company still has that number unverified. */
    resolveTaxId: async (id: string, taxId: string, status: 'valid' | 'invalid'): Promise<void> => {
      await db.execute(sql`
        update companies set tax_id_status = ${status}, tax_id_checked_at = now(), tax_id_next_check_at = null,
          tax_id_claimed_until = null, updated_at = now()
        where id = ${id}::uuid and tax_id = ${taxId} and tax_id_status = 'unverified'`);
    },

    /** VIES was away again: the claimed number waits `delayMs` for its next check. */
    rescheduleTaxId: async (id: string, taxId: string, delayMs: number): Promise<void> => {
      await db.execute(sql`
        update companies set tax_id_claimed_until = null, tax_id_checked_at = now(),
          tax_id_next_check_at = now() + ${delayMs}::integer * interval '1 millisecond'
        where id = ${id}::uuid and tax_id = ${taxId} and tax_id_status = 'unverified'`);
    },

    async setTerms(id: string, netDays: number | null, creditLimitCents: number | null) {
      const [row] = await db
        .update(companies)
        .set({ netDays, creditLimitCents, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      return row;
    },

    async userIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
      return row?.id;
    },

    /** The company an account belongs to, and its role there. */
    async membershipOf(userId: string): Promise<Membership | undefined> {
      const [row] = await db
        .select({ companyId: companyMembers.companyId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.userId, userId));
      return row;
    },

    /**
     * Makes the account a member of the company with `role` (or changes its role there). False,
     * with nothing changed, when it belongs to another company: a person has at most one.
     */
    async putMember(companyId: string, userId: string, role: CompanyRole): Promise<boolean> {
      const rows = await db
        .insert(companyMembers)
        .values({ companyId, userId, role })
        .onConflictDoUpdate({
          target: companyMembers.userId,
          set: { role },
          setWhere: eq(companyMembers.companyId, companyId),
        })
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },

    /** Whether the account was a member of the company (it is not now). */
    async removeMember(companyId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
        .returning({ userId: companyMembers.userId });
      return rows.length > 0;
    },

    /**
     * Removes a member unless that would leave the company without an admin. The company's row
     * is locked first, so two admins removing each other at once cannot both succeed.
     */
    async removeMemberKeepingAnAdmin(
      companyId: string,
      email: string,
    ): Promise<'removed' | 'not-a-member' | 'last-admin'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from companies where id = ${companyId}::uuid for update`);
        const [member] = await tx
          .select({ userId: companyMembers.userId, role: companyMembers.role })
          .from(companyMembers)
          .innerJoin(user, eq(user.id, companyMembers.userId))
          .where(and(eq(companyMembers.companyId, companyId), sql`lower(${user.email}) = ${email.toLowerCase()}`));
        if (!member) return 'not-a-member';
        if (member.role === 'admin') {
          const [admins] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(companyMembers)
            .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
          if (Number(admins?.n ?? 0) <= 1) return 'last-admin';
        }
        await tx
          .delete(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, member.userId)));
        return 'removed';
      });
    },

    /**
     * A new invitation of `email` to the company, valid INVITATION_TTL_MS from now (the
     * database's clock); the company's earlier pending invitations of that address stop working.
     */
    async invite(companyId: string, email: string, tokenHash: string, invitedBy: string): Promise<StoredInvitation> {
      return db.transaction(async (tx) => {
        await tx
          .delete(companyInvitations)
          .where(
            and(
              eq(companyInvitations.companyId, companyId),
              sql`lower(${companyInvitations.email}) = ${email.toLowerCase()}`,
              isNull(companyInvitations.acceptedAt),
            ),
          );
        const [row] = await tx
          .insert(companyInvitations)
          .values({
            companyId,
            email,
            tokenHash,
            invitedBy,
            expiresAt: sql`now() + ${INVITATION_TTL_MS}::integer * interval '1 millisecond'`,
          })
          .returning(invitationColumns);
        return row!;
      });
    },

    /** The company's invitations nobody has accepted and that still work, newest first. */
    pendingInvitations: (companyId: string): Promise<StoredInvitation[]> =>
      db
        .select(invitationColumns)
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            isNull(companyInvitations.acceptedAt),
            gt(companyInvitations.expiresAt, sql`now()`),
          ),
        )
        .orderBy(sql`${companyInvitations.createdAt} desc`, asc(companyInvitations.id)),

    /**
     * Accepts the invitation whose token hashes to `tokenHash` for the account: one transaction
     * that marks it accepted only while it is unaccepted and unexpired (so of two accepts exactly
     * one wins) and makes the account a buyer of the company; nothing changes when it refuses.
     */
    async accept(tokenHash: string, caller: { userId: string; email: string }): Promise<AcceptOutcome> {
      const joinedElsewhere = new Error('joined another company meanwhile');
      try {
        return await acceptIn(tokenHash, caller, joinedElsewhere);
      } catch (error) {
        if (error === joinedElsewhere) return { kind: 'in-another-company' };
        throw error;
      }
    },
  };

  function acceptIn(
    tokenHash: string,
    caller: { userId: string; email: string },
    joinedElsewhere: Error,
  ): Promise<AcceptOutcome> {
    return db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          ...invitationColumns,
          expired: sql<boolean>`${companyInvitations.expiresAt} <= now()`,
        })
        .from(companyInvitations)
        .where(eq(companyInvitations.tokenHash, tokenHash))
        .for('update');
      if (!found) return { kind: 'unknown' };
      if (found.acceptedAt) return { kind: 'used' };
      if (found.expired) return { kind: 'expired' };
      if (found.email.toLowerCase() !== caller.email.toLowerCase()) return { kind: 'other-account' };
      const [current] = await tx
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, caller.userId));
      if (current && current.companyId !== found.companyId) return { kind: 'in-another-company' };
      const taken = await tx
        .update(companyInvitations)
        .set({ acceptedAt: sql`now()`, acceptedBy: caller.userId })
        .where(and(eq(companyInvitations.id, found.id), isNull(companyInvitations.acceptedAt)))
        .returning({ id: companyInvitations.id });
      if (taken.length === 0) return { kind: 'used' };
      if (!current) {
        const joined = await tx
          .insert(companyMembers)
          .values({ companyId: found.companyId, userId: caller.userId, role: 'buyer' })
          .onConflictDoNothing()
          .returning({ userId: companyMembers.userId });
        // Joined another company in between: the throw undoes the acceptance.
        if (joined.length === 0) throw joinedElsewhere;
      }
      return { kind: 'joined' as const, companyId: found.companyId };
    });
  }
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

import type { CompanyRole } from '@torque/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, user } from '../../db/schema/index.ts';

export type StoredCompany = typeof companies.$inferSelect;
export interface StoredMember {
  companyId: string;
  userId: string;
  email: string;
  name: string;
  role: CompanyRole;
  joinedAt: Date;
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

  return {
    list: (): Promise<StoredCompany[]> => db.select().from(companies).orderBy(asc(companies.name), asc(companies.id)),

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

    async create(fields: { name: string; taxId: string | null }): Promise<StoredCompany> {
      const [row] = await db.insert(companies).values(fields).returning();
      return row!;
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
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

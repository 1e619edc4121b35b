import type { Company, CompanyRole, MyCompany } from '@torque/contract';
import { conflictWith, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import type { CompaniesRepository, Membership, StoredCompany, StoredMember } from './companies-repository.ts';

function toCompany(row: StoredCompany, members: readonly StoredMember[]): Company {
  return {
    _id: row.id,
    name: row.name,
    taxId: row.taxId,
    terms:
      row.netDays === null || row.creditLimitCents === null
        ? null
        : { netDays: row.netDays, creditLimit: toDollars(row.creditLimitCents) },
    members: members
      .filter((m) => m.companyId === row.id)
      .map((m) => ({ email: m.email, name: m.name, role: m.role, joinedAt: m.joinedAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const missing = () => notFound('Company');
const noAccount = () => notFound('Account');

/**
 * Companies (issue 30, PRODUCT.md "Companies"). Shop admins create them, attach existing accounts
 * and grant terms; `membershipOf` is what pricing, orders and checkout ask about a buyer.
 */
export function createCompaniesService(repository: CompaniesRepository) {
  async function answer(row: StoredCompany): Promise<Company> {
    return toCompany(row, await repository.membersOf([row.id]));
  }
  async function existing(id: string): Promise<StoredCompany> {
    const row = await repository.get(id);
    if (!row) throw missing();
    return row;
  }

  return {
    membershipOf: (userId: string): Promise<Membership | undefined> => repository.membershipOf(userId),

    async list(): Promise<Company[]> {
      const rows = await repository.list();
      const members = await repository.membersOf(rows.map((r) => r.id));
      return rows.map((r) => toCompany(r, members));
    },

    get: async (id: string): Promise<Company> => answer(await existing(id)),

    create: async (fields: { name: string; taxId?: string | null | undefined }): Promise<Company> =>
      answer(await repository.create({ name: fields.name, taxId: fields.taxId ?? null })),

    /** Attach an existing account to the company, or change its role; 409 when it is in another company. */
    async putMember(id: string, email: string, role: CompanyRole): Promise<Company> {
      const row = await existing(id);
      const userId = await repository.userIdByEmail(email);
      if (!userId) throw noAccount();
      if (!(await repository.putMember(id, userId, role)))
        throw conflictWith('This account already belongs to another company', 'IN_ANOTHER_COMPANY', {});
      return answer(row);
    },

    async setTerms(id: string, terms: { netDays: number | null; creditLimit: number | null }): Promise<Company> {
      const row = await repository.setTerms(
        id,
        terms.netDays,
        terms.creditLimit === null ? null : toCents(terms.creditLimit),
      );
      if (!row) throw missing();
      return answer(row);
    },

    /** The caller's company as its members see it; 404 when they belong to none. */
    async mine(caller: Caller): Promise<MyCompany> {
      const membership = await repository.membershipOf(caller.userId);
      const row = membership && (await repository.get(membership.companyId));
      if (!membership || !row) throw notFound('Company');
      return { ...(await answer(row)), role: membership.role };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;

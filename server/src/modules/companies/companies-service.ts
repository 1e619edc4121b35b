import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_ERRORS,
  type Company,
  type CompanyInvitation,
  type CompanyRole,
  type CompanyTerms,
  type MyCompany,
  type PageQuery,
  type ProfileCompany,
} from '@torque/contract';
import { badRequest, conflict, conflictWith, DomainError, forbidden, notFound } from '../../lib/errors.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import type { Caller } from '../../plugins/access.ts';
import { createKeysetCodec, type KeysetCodec } from '../../lib/keyset-page.ts';
import { pagedList, type PageFacts } from '../../lib/paged-list.ts';
import type { CompanyInvitationPayload } from '../mail/templates.ts';
import { COMPANY_KEY_PATTERNS } from './companies-repository.ts';
import type {
  CheckedTaxId,
  CompaniesRepository,
  Membership,
  StoredCompany,
  StoredInvitation,
  StoredMember,
} from './companies-repository.ts';

/** What the companies service asks of other modules (wired in companies-plugin.ts). */
export interface CompaniesDeps {
  /** Queues the invitation e-mail in the mail outbox. */
  sendInvitation(recipient: string, payload: CompanyInvitationPayload): Promise<void>;
  /**
   * Checks a company's tax number as a person's is checked (tax module's VIES client): its
   * country and status (an unverified EU number with its first re-check's wait), or null when it
   * cannot be an EU VAT number though it looks like one.
   */
  checkTaxId?(raw: string): Promise<CheckedTaxId | null>;
  /** A company's orders as JSON, newest first (the orders module's `listCompany`). */
  companyOrders(
    companyId: string,
    query: PageQuery,
  ): Promise<{ json: string; page?: { total: number; nextCursor: string | null } }>;
}

/** Only the token's SHA-256 is stored (company_invitations.token_hash). */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const invitationOf = (row: StoredInvitation): CompanyInvitation => ({
  email: row.email,
  invitedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

function toCompany(row: StoredCompany, members: readonly StoredMember[]): Company {
  return {
    _id: row.id,
    name: row.name,
    taxId: row.taxId,
    taxIdStatus: row.taxId === null ? null : (row.taxIdStatus ?? 'unverified'),
    taxIdCountry: row.taxId === null ? null : row.taxIdCountry,
    terms: termsOf(row),
    members: members
      .filter((m) => m.companyId === row.id)
      .map((m) => ({ email: m.email, name: m.name, role: m.role, joinedAt: m.joinedAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function termsOf(row: StoredCompany): CompanyTerms | null {
  return row.netDays === null || row.creditLimitCents === null
    ? null
    : { netDays: row.netDays, creditLimit: toDollars(row.creditLimitCents) };
}

const missing = () => notFound('Company');
/** Two spellings of one tax number (spaces, dots, dashes and case aside). */
const sameNumber = (a: string, b: string) => {
  const plain = (v: string) => v.replace(/[\s.-]/g, '').toUpperCase();
  return plain(a) === plain(b);
};
const noAccount = () => notFound('Account');

/**
 * Companies (issue 30, PRODUCT.md "Companies"). Shop admins create them, attach existing accounts
 * and grant terms; `membershipOf` is what pricing, orders and checkout ask about a buyer.
 */
export function createCompaniesService(
  repository: CompaniesRepository,
  deps?: CompaniesDeps,
  cursors: KeysetCodec = createKeysetCodec(randomBytes(32).toString('hex')),
) {
  async function answer(row: StoredCompany): Promise<Company> {
    return toCompany(row, await repository.membersOf([row.id]));
  }
  async function existing(id: string): Promise<StoredCompany> {
    const row = await repository.get(id);
    if (!row) throw missing();
    return row;
  }

  /** The caller's membership; 404 when they belong to no company. */
  async function membershipFor(caller: Caller): Promise<Membership> {
    const membership = await repository.membershipOf(caller.userId);
    if (!membership) throw missing();
    return membership;
  }
  /** The caller's company when they are its admin: 404 without one, 403 for a buyer. */
  async function administered(caller: Caller): Promise<Membership> {
    const membership = await membershipFor(caller);
    if (membership.role !== 'admin') throw forbidden("Only the company's admins can do this");
    return membership;
  }
  /** The number checked by the tax module's rules; kept unchecked when the service has no checker (unit tests). */
  async function checkedTaxId(raw: string): Promise<CheckedTaxId> {
    if (!deps?.checkTaxId) return { taxId: raw, country: null, status: 'unverified', checked: false, retryInMs: null };
    const checked = await deps.checkTaxId(raw);
    if (!checked)
      throw badRequest('This is not a valid EU VAT number', {
        taxId: 'This is not a valid EU VAT number: check the country prefix and the digits',
      });
    return checked;
  }

  function needDeps(): CompaniesDeps {
    if (!deps) throw new Error('the companies service was made without its mail and orders dependencies');
    return deps;
  }

  return {
    membershipOf: (userId: string): Promise<Membership | undefined> => repository.membershipOf(userId),

    async list(): Promise<Company[]> {
      const rows = await repository.list();
      const members = await repository.membersOf(rows.map((r) => r.id));
      return rows.map((r) => toCompany(r, members));
    },

    /** `GET /api/companies`: the whole list by name, or with `limit` one page and its paging facts. */
    async listPaged(query: PageQuery): Promise<{ body: Company[]; page?: PageFacts }> {
      return pagedList(
        query,
        {
          cursors,
          scope: 'companies',
          keyPatterns: COMPANY_KEY_PATTERNS,
          page: async (limit, after) => {
            const { rows, nextKey } = await repository.page(limit, after);
            const members = await repository.membersOf(rows.map((r) => r.id));
            return { body: rows.map((r) => toCompany(r, members)), nextKey };
          },
          count: () => repository.count(),
        },
        {
          whole: async () => {
            const rows = await repository.list();
            const members = await repository.membersOf(rows.map((r) => r.id));
            return rows.map((r) => toCompany(r, members));
          },
        },
      );
    },

    get: async (id: string): Promise<Company> => answer(await existing(id)),

    /** Creates a company; its tax number, when given, is checked (VIES for an EU VAT number) first. */
    async create(fields: { name: string; taxId?: string | null | undefined }): Promise<Company> {
      const raw = fields.taxId ?? null;
      const checked = raw === null ? undefined : await checkedTaxId(raw);
      return answer(await repository.create({ name: fields.name, taxId: raw }, checked));
    },

    /**
     * `PUT /api/companies/:id`: a new name and tax number. A number that is new, or the same one
     * not yet found valid, is checked as at creation (400 at `taxId` when it cannot be an EU VAT
     * number, then VIES; VIES away: 'unverified' and the background re-check, afresh); the same
     * valid number is kept without asking VIES again; null removes it. 404 for an unknown id.
     */
    async update(id: string, fields: { name: string; taxId: string | null }): Promise<Company> {
      const row = await existing(id);
      const raw = fields.taxId;
      let checked: CheckedTaxId | null | undefined;
      if (raw === null) checked = null;
      else if (row.taxId !== null && sameNumber(row.taxId, raw) && row.taxIdStatus === 'valid') checked = undefined;
      else checked = await checkedTaxId(raw);
      const updated = await repository.update(id, fields.name, checked);
      if (!updated) throw missing();
      return answer(updated);
    },

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
    /** The account's company as its profile shows it (`GET /api/user`); null when it belongs to none. */
    async profileCompanyOf(userId: string): Promise<ProfileCompany | null> {
      const membership = await repository.membershipOf(userId);
      const row = membership && (await repository.get(membership.companyId));
      if (!membership || !row) return null;
      return { _id: row.id, name: row.name, role: membership.role, terms: termsOf(row) };
    },

    async mine(caller: Caller): Promise<MyCompany> {
      const membership = await repository.membershipOf(caller.userId);
      const row = membership && (await repository.get(membership.companyId));
      if (!membership || !row) throw notFound('Company');
      return { ...(await answer(row)), role: membership.role };
    },

    /**
     * A company admin invites `email` as a buyer: a new single-use token, of which only the hash
     * is kept, e-mailed through the outbox. 409 ALREADY_MEMBER when the address is a member already.
     */
    async invite(caller: Caller, email: string): Promise<CompanyInvitation> {
      const { companyId } = await administered(caller);
      const row = await existing(companyId);
      const members = await repository.membersOf([companyId]);
      if (members.some((m) => m.email.toLowerCase() === email.toLowerCase()))
        throw conflict('This address is a member of your company already', INVITATION_ERRORS.alreadyMember);
      const token = randomBytes(32).toString('base64url');
      const invitation = await repository.invite(companyId, email, hashInvitationToken(token), caller.userId);
      const inviter = members.find((m) => m.userId === caller.userId);
      await needDeps().sendInvitation(email, {
        companyName: row.name,
        inviterName: inviter?.name || caller.email,
        email,
        token,
        expiresAt: invitation.expiresAt.toISOString(),
      });
      return invitationOf(invitation);
    },

    /** The company's pending invitations (company admins). */
    async invitations(caller: Caller): Promise<CompanyInvitation[]> {
      const { companyId } = await administered(caller);
      return (await repository.pendingInvitations(companyId)).map(invitationOf);
    },

    /** The caller accepts an invitation and joins its company as a buyer; answers the company. */
    async accept(caller: Caller, token: string): Promise<MyCompany> {
      const outcome = await repository.accept(hashInvitationToken(token), caller);
      switch (outcome.kind) {
        case 'unknown':
          throw notFound('Invitation');
        case 'used':
          throw conflict('This invitation has been used already', INVITATION_ERRORS.used);
        case 'expired':
          throw conflict('This invitation has expired: ask for a new one', INVITATION_ERRORS.expired);
        case 'other-account':
          throw new DomainError(
            'forbidden',
            INVITATION_ERRORS.otherAccount,
            'This invitation is for another e-mail address: sign in with the invited address',
          );
        case 'in-another-company':
          throw conflict('You belong to another company already', INVITATION_ERRORS.inAnotherCompany);
        case 'joined': {
          const membership = await membershipFor(caller);
          return { ...(await answer(await existing(outcome.companyId))), role: membership.role };
        }
      }
    },

    /**
     * A company admin removes a member of their own company (404 for anybody else's); 409
     * LAST_ADMIN when that would leave it without an admin. Answers the company.
     */
    async removeMember(caller: Caller, email: string): Promise<MyCompany> {
      const { companyId, role } = await administered(caller);
      const outcome = await repository.removeMemberKeepingAnAdmin(companyId, email);
      if (outcome === 'not-a-member') throw notFound('Member');
      if (outcome === 'last-admin')
        throw conflict('A company needs an admin: make another member admin first', INVITATION_ERRORS.lastAdmin);
      return { ...(await answer(await existing(companyId))), role };
    },

    /** The caller's company's orders (members), newest first. */
    async orders(caller: Caller, query: PageQuery) {
      const { companyId } = await membershipFor(caller);
      return needDeps().companyOrders(companyId, query);
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;

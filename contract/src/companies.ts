import { z } from 'zod';
import { id, money, text, TEXT_MAX, wholeNumber } from './common.ts';
import { COMPANY_NAME_MAX, COMPANY_ROLES, CREDIT_LIMIT_MAX, NET_DAYS_MAX } from './company-rules.ts';
import { TAX_ID_STATUSES } from './tax.ts';

/**
 * Company accounts (issue 30, PRODUCT.md "Companies"): several people buy for one workshop or
 * fleet. A person belongs to at most one company, as its `admin` (invites and removes buyers,
 * sees everything of the company) or a `buyer`. Shop admins create companies, attach accounts
 * and grant payment terms. Money in dollars in the API, integer cents in the server.
 */
export { COMPANY_NAME_MAX, COMPANY_ROLES, CREDIT_LIMIT_MAX, NET_DAYS_MAX, type CompanyRole } from './company-rules.ts';

export const companyMember = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof companyMember>;

/** Payment terms a shop admin grants: pay on account within `netDays`, up to `creditLimit` open. */
export const companyTerms = z.object({
  netDays: z.number().int(),
  creditLimit: z.number(),
});
export type CompanyTerms = z.infer<typeof companyTerms>;

export const company = z.object({
  _id: z.string(),
  name: z.string(),
  /** The company's tax number (e.g. an EU VAT number), or null. */
  taxId: z.string().nullable(),
  /**
   * Its check, as a person's number's (PRODUCT.md "Tax"): an EU VAT number is asked of VIES when
   * set ('unverified' while VIES is away); a member's tax decision uses this number. Null without one.
   */
  taxIdStatus: z.enum(TAX_ID_STATUSES).nullable(),
  /**
   * The EU country of the number (ISO 3166-1, as a person's number answers it), or null when the
   * number is no EU VAT number (then nothing checks it: its status stays 'unverified') or there is none.
   */
  taxIdCountry: z.string().nullable(),
  /** Null until a shop admin grants payment terms. */
  terms: companyTerms.nullable(),
  members: z.array(companyMember),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof company>;

/**
 * A person's company as their profile shows it (`GET /api/user`'s `company`): which one, their role
 * there and its payment terms, so a client knows whether to offer "Pay on account" (and ask for the
 * credit) without asking `GET /api/company/credit` of everyone, which answers 404 to most.
 */
export const profileCompany = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  terms: companyTerms.nullable(),
});
export type ProfileCompany = z.infer<typeof profileCompany>;

/** Answer of `GET /api/company`: the caller's company and their role in it. */
export const myCompany = company.extend({ role: z.enum(COMPANY_ROLES) });
export type MyCompany = z.infer<typeof myCompany>;

const taxIdField = z
  .string({ message: 'taxId must be text' })
  .trim()
  .max(30, 'taxId has at most 30 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Body of `POST /api/companies` (shop admins). */
export const companyInput = z.object({
  name: text('Company name', COMPANY_NAME_MAX),
  taxId: taxIdField.optional(),
});
export type CompanyInput = z.input<typeof companyInput>;

/**
 * Body of `PUT /api/companies/:id` (shop admins): the company's name and tax number, both given
 * (`taxId` null or '' removes the number). Validated as `POST`'s; a new number is checked with
 * VIES as at creation.
 */
export const companyFields = z.object({
  name: text('Company name', COMPANY_NAME_MAX),
  taxId: taxIdField,
});
export type CompanyFields = z.input<typeof companyFields>;

/** Body of `PUT /api/companies/:id/members/:email` (shop admins): attach an account, or change its role. */
export const companyMemberInput = z.object({
  role: z.enum(COMPANY_ROLES, { message: "role must be 'admin' or 'buyer'" }),
});

/** Body of `PUT /api/companies/:id/terms` (shop admins): both null withdraws the terms. */
export const companyTermsInput = z
  .object({
    netDays: wholeNumber('netDays', 1, NET_DAYS_MAX).nullable(),
    creditLimit: money('creditLimit', CREDIT_LIMIT_MAX).nullable(),
  })
  .refine((v) => (v.netDays === null) === (v.creditLimit === null), {
    message: 'Give both netDays and creditLimit, or neither to withdraw the terms',
    path: ['netDays'],
  });
export type CompanyTermsInput = z.input<typeof companyTermsInput>;

export const companyIdParams = z.object({ id });
export const companyMemberParams = z.object({
  id,
  email: z
    .email({ message: 'Must be a valid email' })
    .max(TEXT_MAX.email, `Email must be at most ${TEXT_MAX.email} characters`),
});

/** How long a company invitation's link works (issue 30): after that, 409 INVITATION_EXPIRED. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

const emailField = z
  .email({ message: 'Must be a valid email' })
  .max(TEXT_MAX.email, `Email must be at most ${TEXT_MAX.email} characters`);

/** Body of `POST /api/company/invitations` (company admins): whom to invite as a buyer. */
export const companyInvitationInput = z.object({
  email: z.string({ message: 'Must be a valid email' }).trim().pipe(emailField),
});
export type CompanyInvitationInput = z.input<typeof companyInvitationInput>;

/**
 * The shop admin's company forms in the web, checked with the server's rules and messages: an
 * account to attach, by e-mail, with a role (`PUT /api/companies/:id/members/:email`); terms to
 * grant, both fields required (`PUT /api/companies/:id/terms`, where both null withdraws them).
 */
export const companyAttachForm = z.object({
  email: z.string().trim().pipe(emailField),
  role: companyMemberInput.shape.role,
});
export const companyTermsForm = z.object({
  netDays: wholeNumber('netDays', 1, NET_DAYS_MAX),
  creditLimit: money('creditLimit', CREDIT_LIMIT_MAX),
});

/** A pending invitation (`GET /api/company/invitations`, and the answer of inviting). */
export const companyInvitation = z.object({
  email: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitation>;

/** Body of `POST /api/company/invitations/accept`: the token of the e-mail's link. */
export const invitationAcceptInput = z.object({
  token: z
    .string({ message: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is not valid')
    .regex(/^[\w-]+$/, 'token is not valid'),
});
export type InvitationAcceptInput = z.input<typeof invitationAcceptInput>;

/** `DELETE /api/company/members/:email` (company admins). */
export const myCompanyMemberParams = z.object({ email: emailField });

/** The error codes of the invitation calls (PRODUCT.md "Companies"). */
export const INVITATION_ERRORS = {
  expired: 'INVITATION_EXPIRED',
  used: 'INVITATION_USED',
  otherAccount: 'INVITATION_FOR_ANOTHER_ACCOUNT',
  inAnotherCompany: 'IN_ANOTHER_COMPANY',
  alreadyMember: 'ALREADY_MEMBER',
  lastAdmin: 'LAST_ADMIN',
} as const;

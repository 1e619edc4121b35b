import {
  companyFields,
  companyInput,
  companyInvitationInput,
  companyMemberInput,
  companyTermsInput,
  INVITATION_ERRORS,
  INVITATION_TTL_MS,
  invitationAcceptInput,
  type Company,
  type CompanyInvitation,
  type CompanyRole,
  type MyCompany,
  type ProfileCompany,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { checkTaxId } from './mock-tax.ts';
import { adminCaller, apiError, caller, mockId, parseBody, state, type MockUser } from './mock-state.ts';

/**
 * The companies routes of issue 30 as contract/src/companies.ts shapes them, kept in `state`:
 * shop admins' list, create, members and terms; the caller's company; invitations (single use,
 * 7 days, for one address); removing members (never the last admin); the company's orders (the
 * orders of its members, newest first).
 */
const now = () => new Date().toISOString();
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const companyOf = (email: string) => state.companies.find((c) => c.members.some((m) => same(m.email, email)));
/**
 * `GET /api/user`'s `company` for `email`: their company with its terms, or null. Terms granted per
 * e-mail with mock-account's `grantTerms` (a company the tests do not build) count as the terms of
 * a company of that name.
 */
export function profileCompanyOf(email: string): ProfileCompany | null {
  const company = companyOf(email);
  const granted = state.companyTerms.get(email) ?? null;
  if (company) {
    const role = company.members.find((m) => same(m.email, email))!.role;
    return { _id: company._id, name: company.name, role, terms: company.terms ?? granted };
  }
  return granted && { _id: `terms-of-${email}`, name: 'Company on terms', role: 'buyer', terms: granted };
}

const mineOf = (company: Company, email: string): MyCompany => ({
  ...company,
  role: company.members.find((m) => same(m.email, email))!.role,
});

/** A company as a shop admin would have made it, with members (accounts are added if missing). */
export function addCompany(
  name: string,
  members: { email: string; role: CompanyRole; name?: string }[] = [],
  fields: Partial<Pick<Company, 'taxId' | 'taxIdStatus' | 'terms'>> = {},
): Company {
  const company: Company = {
    _id: mockId(),
    name,
    taxId: fields.taxId ?? null,
    // The server asks VIES; the mock calls every number it is given valid unless told otherwise.
    taxIdStatus: fields.taxIdStatus ?? (fields.taxId ? 'valid' : null),
    taxIdCountry: fields.taxId ? checkTaxId(fields.taxId).country : null,
    terms: fields.terms ?? null,
    members: members.map((m) => ({
      email: m.email,
      name: m.name ?? state.users.get(m.email)?.name ?? 'Test User',
      role: m.role,
      joinedAt: now(),
    })),
    createdAt: now(),
    updatedAt: now(),
  };
  state.companies.push(company);
  return company;
}

/** An invitation of `email` to the company, as its admin's form makes it; answers its token. */
export function addInvitation(
  companyId: string,
  email: string,
  options: { expired?: boolean; used?: boolean } = {},
): string {
  const token = `invitation-${mockId().slice(-6)}`;
  state.companyInvitations.push({
    token,
    companyId,
    email,
    invitedAt: now(),
    expiresAt: new Date(Date.now() + (options.expired ? -1000 : INVITATION_TTL_MS)).toISOString(),
    acceptedAt: options.used ? now() : null,
  });
  return token;
}

/** The caller's company and role, or the server's refusal (404 without one, 403 for a buyer when `admin`). */
function membership(request: Request, admin: boolean): { who: MockUser; company: Company } | Response {
  const who = caller(request);
  if (who instanceof Response) return who;
  const company = companyOf(who.email);
  if (!company) return apiError(404, 'NOT_FOUND', 'Company not found');
  if (admin && mineOf(company, who.email).role !== 'admin')
    return apiError(403, 'FORBIDDEN', "Only the company's admins can do this");
  return { who, company };
}

const pending = (companyId: string): CompanyInvitation[] =>
  state.companyInvitations
    .filter((i) => i.companyId === companyId && !i.acceptedAt && i.expiresAt > now())
    .reverse()
    .map(({ email, invitedAt, expiresAt }) => ({ email, invitedAt, expiresAt }));

export const companyHandlers = [
  http.get('/api/companies', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json([...state.companies].sort((a, b) => a.name.localeCompare(b.name)));
  }),
  http.post('/api/companies', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const input = await parseBody(request, companyInput);
    if (input instanceof Response) return input;
    state.writes.push('POST /api/companies');
    return HttpResponse.json(addCompany(input.name, [], { taxId: input.taxId ?? null }), { status: 201 });
  }),
  http.put('/api/companies/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const input = await parseBody(request, companyFields);
    if (input instanceof Response) return input;
    const company = state.companies.find((c) => c._id === params.id);
    if (!company) return apiError(404, 'NOT_FOUND', 'Company not found');
    const checked = input.taxId === null ? { taxId: null, country: null, status: null } : checkTaxId(input.taxId);
    // The server's jsvat-next format check, in small: an EU prefix with fewer than 8 characters after it.
    if (checked.country !== null && checked.taxId !== null && checked.taxId.length < 10)
      return apiError(400, 'VALIDATION', 'This is not a valid EU VAT number', {
        taxId: 'This is not a valid EU VAT number: check the country prefix and the digits',
      });
    company.name = input.name;
    if (company.taxId !== checked.taxId || company.taxIdStatus !== 'valid') {
      company.taxId = checked.taxId;
      company.taxIdStatus = checked.status;
      company.taxIdCountry = checked.country;
    }
    company.updatedAt = now();
    state.writes.push(`PUT /api/companies/${company._id}`);
    return HttpResponse.json(company);
  }),
  http.put('/api/companies/:id/members/:email', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const input = await parseBody(request, companyMemberInput);
    if (input instanceof Response) return input;
    const company = state.companies.find((c) => c._id === params.id);
    if (!company) return apiError(404, 'NOT_FOUND', 'Company not found');
    const email = decodeURIComponent(String(params.email));
    const account = [...state.users.values()].find((u) => same(u.email, email));
    if (!account) return apiError(404, 'NOT_FOUND', 'Account not found');
    const current = companyOf(account.email);
    if (current && current._id !== company._id)
      return apiError(409, INVITATION_ERRORS.inAnotherCompany, 'This account already belongs to another company');
    const member = company.members.find((m) => same(m.email, account.email));
    if (member) member.role = input.role;
    else company.members.push({ email: account.email, name: account.name, role: input.role, joinedAt: now() });
    state.writes.push(`PUT /api/companies/${company._id}/members/${account.email}`);
    return HttpResponse.json(company);
  }),
  http.put('/api/companies/:id/terms', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const input = await parseBody(request, companyTermsInput);
    if (input instanceof Response) return input;
    const company = state.companies.find((c) => c._id === params.id);
    if (!company) return apiError(404, 'NOT_FOUND', 'Company not found');
    company.terms =
      input.netDays === null || input.creditLimit === null
        ? null
        : { netDays: input.netDays, creditLimit: input.creditLimit };
    state.writes.push(`PUT /api/companies/${company._id}/terms`);
    return HttpResponse.json(company);
  }),
  http.get('/api/company', ({ request }) => {
    const found = membership(request, false);
    if (found instanceof Response) return found;
    return HttpResponse.json(mineOf(found.company, found.who.email));
  }),
  http.get('/api/company/invitations', ({ request }) => {
    const found = membership(request, true);
    if (found instanceof Response) return found;
    return HttpResponse.json(pending(found.company._id));
  }),
  http.post('/api/company/invitations', async ({ request }) => {
    const found = membership(request, true);
    if (found instanceof Response) return found;
    const input = await parseBody(request, companyInvitationInput);
    if (input instanceof Response) return input;
    if (found.company.members.some((m) => same(m.email, input.email)))
      return apiError(409, INVITATION_ERRORS.alreadyMember, 'This address is a member of your company already');
    state.companyInvitations = state.companyInvitations.filter(
      (i) => !(i.companyId === found.company._id && same(i.email, input.email) && !i.acceptedAt),
    );
    addInvitation(found.company._id, input.email);
    state.writes.push('POST /api/company/invitations');
    return HttpResponse.json(pending(found.company._id)[0], { status: 201 });
  }),
  http.post('/api/company/invitations/accept', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const input = await parseBody(request, invitationAcceptInput);
    if (input instanceof Response) return input;
    const invitation = state.companyInvitations.find((i) => i.token === input.token);
    if (!invitation) return apiError(404, 'NOT_FOUND', 'Invitation not found');
    if (invitation.acceptedAt) return apiError(409, INVITATION_ERRORS.used, 'This invitation has been used already');
    if (invitation.expiresAt <= now())
      return apiError(409, INVITATION_ERRORS.expired, 'This invitation has expired: ask for a new one');
    if (!same(invitation.email, who.email))
      return apiError(403, INVITATION_ERRORS.otherAccount, 'This invitation is for another e-mail address');
    const current = companyOf(who.email);
    const company = state.companies.find((c) => c._id === invitation.companyId)!;
    if (current && current._id !== company._id)
      return apiError(409, INVITATION_ERRORS.inAnotherCompany, 'You belong to another company already');
    invitation.acceptedAt = now();
    if (!current) company.members.push({ email: who.email, name: who.name, role: 'buyer', joinedAt: now() });
    state.writes.push('POST /api/company/invitations/accept');
    return HttpResponse.json(mineOf(company, who.email));
  }),
  http.delete('/api/company/members/:email', ({ request, params }) => {
    const found = membership(request, true);
    if (found instanceof Response) return found;
    const email = decodeURIComponent(String(params.email));
    const { company } = found;
    const member = company.members.find((m) => same(m.email, email));
    if (!member) return apiError(404, 'NOT_FOUND', 'Member not found');
    if (member.role === 'admin' && company.members.filter((m) => m.role === 'admin').length === 1)
      return apiError(409, INVITATION_ERRORS.lastAdmin, 'A company needs an admin: make another member admin first');
    company.members = company.members.filter((m) => m !== member);
    state.writes.push(`DELETE /api/company/members/${email}`);
    return HttpResponse.json(mineOf(company, found.who.email));
  }),
  http.get('/api/company/orders', ({ request }) => {
    const found = membership(request, false);
    if (found instanceof Response) return found;
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 0) || undefined;
    const start = Number(url.searchParams.get('cursor') ?? 0) || 0;
    const all = state.orders
      .filter((o) => found.company.members.some((m) => same(m.email, o.email)))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const shown = limit ? all.slice(start, start + limit) : all;
    const headers: Record<string, string> = { 'X-Total-Count': String(all.length) };
    if (limit && start + limit < all.length)
      headers.Link = `</api/company/orders?limit=${limit}&cursor=${start + limit}>; rel="next"`;
    return HttpResponse.json(shown, { headers });
  }),
];

import {
  company,
  companyFields,
  companyIdParams,
  companyInput,
  companyMemberInput,
  companyMemberParams,
  companyTermsInput,
  companyInvitation,
  companyInvitationInput,
  errorBody,
  invitationAcceptInput,
  myCompany,
  myCompanyMemberParams,
  order,
  pageQuery,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { setPageHeaders } from '../../lib/keyset-page.ts';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Companies (issue 30, PRODUCT.md "Companies"): shop admins' routes, and the caller's own company. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.companies;

  app.get(
    '/api/companies',
    {
      config: { access: 'admin', pagedList: true },
      schema: {
        tags: ['companies'],
        summary: 'Every company with its members, by name (shop admins)',
        description:
          'Without `limit` the whole list; with it one page with `X-Total-Count` and `Link: <…>; rel="next"`.',
        security: bearer,
        querystring: pageQuery,
        response: { 200: z.array(company), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const { body, page } = await service.listPaged(request.query);
      if (page) setPageHeaders(request, reply, page);
      return body;
    },
  );

  app.post(
    '/api/companies',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: 'Create a company (shop admins)',
        security: bearer,
        body: companyInput,
        response: { 201: company, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.get(
    '/api/companies/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: 'One company with its members (shop admins)',
        security: bearer,
        params: companyIdParams,
        response: { 200: company, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.put(
    '/api/companies/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: "Change a company's name and tax number (shop admins)",
        description:
          'A new tax number is checked as at creation: 400 at `taxId` when it cannot be an EU VAT number, then ' +
          "VIES; VIES away leaves it 'unverified' (members pay tax) and every instance re-checks it in the " +
          'background. The same number already valid is kept without asking VIES; `taxId` null or empty removes it. ' +
          'Members and terms have routes of their own (ignored here).',
        security: bearer,
        params: companyIdParams,
        body: companyFields,
        response: { 200: company, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.put(
    '/api/companies/:id/members/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: 'Attach an existing account to a company, or change its role (shop admins)',
        description:
          'A person belongs to at most one company: 409 IN_ANOTHER_COMPANY when the account is in another. ' +
          '404 when the company or the account does not exist.',
        security: bearer,
        params: companyMemberParams,
        body: companyMemberInput,
        response: { 200: company, ...adminErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.putMember(request.params.id, request.params.email, request.body.role),
  );

  app.put(
    '/api/companies/:id/terms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: "Grant or withdraw a company's payment terms (shop admins)",
        description:
          'netDays: an on-account invoice is due that many days after the order. creditLimit: the most its open ' +
          'on-account invoices may add up to, in dollars. Both null withdraws the terms.',
        security: bearer,
        params: companyIdParams,
        body: companyTermsInput,
        response: { 200: company, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.setTerms(request.params.id, request.body),
  );

  app.get(
    '/api/company',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: 'My company, its members and my role there',
        description: '404 when the caller belongs to no company.',
        security: bearer,
        response: { 200: myCompany, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => service.mine(callerOf(request)),
  );

  const memberErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  app.post(
    '/api/company/invitations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: 'Invite a buyer to my company by e-mail (company admins)',
        description:
          'Queues an e-mail with a link to /invitations/accept?token=… that works once, for 7 days ' +
          '(INVITATION_TTL_DAYS). 404 without a company, 403 for a buyer, 409 ALREADY_MEMBER when the ' +
          'address is a member already. A new invitation of the same address replaces a pending one.',
        security: bearer,
        body: companyInvitationInput,
        response: { 201: companyInvitation, ...memberErrors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.invite(callerOf(request), request.body.email)),
  );

  app.get(
    '/api/company/invitations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: "My company's pending invitations, newest first (company admins)",
        security: bearer,
        response: { 200: z.array(companyInvitation), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.invitations(callerOf(request)),
  );

  app.post(
    '/api/company/invitations/accept',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: 'Accept an invitation: join its company as a buyer',
        description:
          '404 for an unknown token; 409 INVITATION_USED once accepted, 409 INVITATION_EXPIRED after 7 days; ' +
          "403 INVITATION_FOR_ANOTHER_ACCOUNT when the caller's e-mail is not the invited one; 409 " +
          'IN_ANOTHER_COMPANY when the caller belongs to another company. Of two accepts of one token exactly one wins.',
        security: bearer,
        body: invitationAcceptInput,
        response: { 200: myCompany, ...memberErrors, 409: errorBody },
      },
    },
    async (request) => service.accept(callerOf(request), request.body.token),
  );

  app.delete(
    '/api/company/members/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        summary: 'Remove a member of my company (company admins)',
        description:
          "404 when the address is no member of the caller's company; 409 LAST_ADMIN when it would leave the company without an admin.",
        security: bearer,
        params: myCompanyMemberParams,
        response: { 200: myCompany, ...memberErrors, 409: errorBody },
      },
    },
    async (request) => service.removeMember(callerOf(request), request.params.email),
  );

  app.get(
    '/api/company/orders',
    {
      config: { access: 'user', pagedList: true },
      schema: {
        tags: ['companies'],
        summary: "My company's orders, newest first (members)",
        description:
          'Every order placed by a member for the company (kept after the member leaves). With `limit` one page with ' +
          '`X-Total-Count` and `Link: <…>; rel="next"`. Members read each other\'s orders and invoices; paying and ' +
          "cancelling stay the owner's.",
        security: bearer,
        querystring: pageQuery,
        response: { 200: z.array(order), ...memberErrors },
      },
    },
    async (request, reply) => {
      const { json, page } = await service.orders(callerOf(request), request.query);
      if (page) setPageHeaders(request, reply, page);
      return sendJsonText(reply, json);
    },
  );
};

import {
  company,
  companyIdParams,
  companyInput,
  companyMemberInput,
  companyMemberParams,
  companyTermsInput,
  errorBody,
  myCompany,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Companies (issue 30, PRODUCT.md "Companies"): shop admins' routes, and the caller's own company. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.companies;

  app.get(
    '/api/companies',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary: 'Every company with its members, by name (shop admins)',
        security: bearer,
        response: { 200: z.array(company), 401: errorBody, 403: errorBody },
      },
    },
    async () => service.list(),
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
};

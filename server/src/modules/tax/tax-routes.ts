import { stringify } from 'csv-stringify/sync';
import {
  emailParams,
  errorBody,
  taxExemption,
  taxExemptionInput,
  taxIdAnswer,
  taxIdInput,
  taxQuote,
  taxQuoteQuery,
  taxRate,
  taxRateIdParams,
  taxRateInput,
  taxReportQuery,
  taxReportRow,
} from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.ts';

const bearer = [{ bearer: [] }];
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * Tax (issue 29, PRODUCT.md "Tax"): rates (admins), the buyer's own tax number, exemption
 * certificates (admins), the cart's tax quote and the tax report (admins).
 */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.tax;

  app.get(
    '/api/tax/rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'Every tax rate, by country and region (admin)',
        security: bearer,
        response: { 200: z.array(taxRate), 401: errorBody, 403: errorBody },
      },
    },
    async () => service.listRates(),
  );

  app.get(
    '/api/tax/rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'One tax rate (admin)',
        security: bearer,
        params: taxRateIdParams,
        response: { 200: taxRate, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.getRate(request.params.id),
  );

  app.post(
    '/api/tax/rates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'Add a tax rate (admin)',
        description:
          'rate in percent, up to 3 decimals; region null for the whole country (the fallback for its regions ' +
          'without a rate). 409 TAX_RATE_EXISTS when the country and region have one already. Placed orders keep ' +
          'the tax they were placed with.',
        security: bearer,
        body: taxRateInput,
        response: { 201: taxRate, ...adminErrors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createRate(request.body)),
  );

  app.put(
    '/api/tax/rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'Change a tax rate (admin)',
        security: bearer,
        params: taxRateIdParams,
        body: taxRateInput,
        response: { 200: taxRate, ...adminErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.updateRate(request.params.id, request.body),
  );

  app.delete(
    '/api/tax/rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'Delete a tax rate (admin)',
        security: bearer,
        params: taxRateIdParams,
        response: { 200: z.object({ deleted: z.literal(true), _id: z.string() }), ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await service.removeRate(request.params.id);
      return { deleted: true as const, _id: request.params.id };
    },
  );

  app.get(
    '/api/tax-id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tax'],
        summary: 'My tax number and its status',
        security: bearer,
        response: { 200: taxIdAnswer, 401: errorBody },
      },
    },
    async (request) => service.taxIdOf(callerOf(request)),
  );

  app.put(
    '/api/tax-id',
    {
      config: { access: 'user', rateLimit: app.rateLimits.orders },
      schema: {
        tags: ['tax'],
        summary: 'Set my tax number (empty text removes it)',
        description:
          'An EU VAT number (country prefix, EL for Greece) has its format checked (400 when it cannot be one), ' +
          'then VIES is asked: status valid or invalid as it says; VIES unavailable: unverified, tax is charged ' +
          'and the server checks again later. Another kind of number is kept, unverified. The status is never ' +
          "the caller's to set.",
        security: bearer,
        body: taxIdInput,
        response: { 200: taxIdAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => service.putTaxId(callerOf(request), request.body.taxId),
  );

  app.get(
    '/api/tax-exemptions/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: "An account's exemption certificate (admin)",
        security: bearer,
        params: emailParams,
        response: { 200: taxExemption, ...adminErrors, 404: errorBody },
      },
    },
    async (request) => service.exemptionOf(request.params.email),
  );

  app.put(
    '/api/tax-exemptions/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: "Record an account's resale/exemption certificate (admin)",
        description:
          "The account's orders are placed at 0 % with a note naming the certificate until expiresOn, inclusive, " +
          "in the shop's time zone.",
        security: bearer,
        params: emailParams,
        body: taxExemptionInput,
        response: { 200: taxExemption, ...adminErrors },
      },
    },
    async (request) => service.putExemption(request.params.email, request.body),
  );

  app.delete(
    '/api/tax-exemptions/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: "Remove an account's exemption certificate (admin)",
        security: bearer,
        params: emailParams,
        response: { 200: z.object({ deleted: z.literal(true), email: z.string() }), ...adminErrors, 404: errorBody },
      },
    },
    async (request) => {
      await service.removeExemption(request.params.email);
      return { deleted: true as const, email: request.params.email };
    },
  );

  app.get(
    '/api/tax/quote',
    {
      config: { access: 'user' },
      schema: {
        tags: ['tax'],
        summary: 'My cart priced with tax, as checkout would charge it',
        description:
          'Net (goods + shipping), tax per rate and gross, by the functions checkout uses. Without addressId the ' +
          'default shipping address; with no address, no tax (country null). 404 when the address is not mine; ' +
          '409 SHIPPING_* when the method cannot carry the cart.',
        security: bearer,
        querystring: taxQuoteQuery,
        response: { 200: taxQuote, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.quote(callerOf(request), request.query),
  );

  const reportDescription =
    "Orders paid from `from` to `to` (whole days in the shop's time zone, both inclusive), not refunded, summed " +
    'per destination country and rate; orders placed before tax count at 0 % of their total.';

  app.get(
    '/api/tax/report',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'The tax report (admin)',
        description: reportDescription,
        security: bearer,
        querystring: taxReportQuery,
        response: { 200: z.array(taxReportRow), ...adminErrors },
      },
    },
    async (request) => service.report(request.query.from, request.query.to),
  );

  app.get(
    '/api/tax/report.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tax'],
        summary: 'The tax report as CSV (admin)',
        description: `${reportDescription} Columns: country, rate (%), net, tax, gross (dollars, two decimals).`,
        security: bearer,
        querystring: taxReportQuery,
        response: { 200: z.string().describe('text/csv'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await service.report(from, to);
      const csv = stringify(
        rows.map((r) => [r.country, String(r.rate), r.net.toFixed(2), r.tax.toFixed(2), r.gross.toFixed(2)]),
        {
          header: true,
          columns: ['Country', 'Rate (%)', 'Net', 'Tax', 'Gross'],
          record_delimiter: 'windows',
          escape_formulas: true,
        },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tax-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

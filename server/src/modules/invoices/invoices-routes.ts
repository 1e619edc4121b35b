import { creditNoteParams, errorBody, orderIdParams } from '@torque/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/access.ts';

/**
 * `GET /api/order/:id/invoice.pdf`: a paid order's invoice (its owner or an admin);
 * `GET /api/order/:id/credit-notes/:number.pdf`: one of its credit notes (its owner or an admin; 404 for others).
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/order/:id/invoice.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "A paid order's invoice as a PDF (its owner or an admin); 404 before payment",
        security: [{ bearer: [] }],
        params: orderIdParams,
        response: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { invoiceNumber, pdf } = await app.invoices.pdfFor(callerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never); // bytes: no serializer runs on a Buffer
    },
  );

  app.get(
    '/api/order/:id/credit-notes/:number.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "One of a refunded order's credit notes as a PDF (its owner or an admin; 404 for anybody else)",
        security: [{ bearer: [] }],
        params: creditNoteParams,
        response: { 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id, number } = request.params;
      const pdf = await app.invoices.creditNotePdfFor(callerOf(request), id, number);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never);
    },
  );
};

import {
  errorBody,
  fitmentImportApplied,
  fitmentImportCheck,
  fitmentImportQuery,
  garageInput,
  vehicleEnginesQuery,
  vehicleModelsQuery,
  vehicleNames,
  vehicleYears,
  vehicleYearsQuery,
} from '@torque/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { callerOf } from '../../../plugins/access.ts';
import { sendSerialised } from '../../../lib/serialised-body.ts';
import { ImportRefused } from './fitment-service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * A stored vehicle as answered. The contract's `vehicle` parses input (trims, turns "2016" and ""
 * into 2016 and null): transforms a response serialiser cannot run backwards.
 */
const storedVehicle = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  engine: z.string().nullable(),
});

/** An import of 200,000 lines with long notes; every other route keeps the app's 1 MiB. */
export const IMPORT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/**
 * PRODUCT.md §15: the vehicle selector's lists (public, cached like the catalogue: ETag, 304),
 * the admins' CSV import and the customer's garage. fitment-service.ts holds the rules.
 */
export const fitmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fitment } = app;
  const list = (summary: string, response: z.ZodType, querystring?: z.ZodType) => ({
    config: { access: 'public' as const },
    schema: {
      tags: ['fitment'],
      summary,
      ...(querystring && { querystring }),
      response: { 200: response, 400: errorBody },
    },
  });

  app.get('/api/vehicles/makes', list('Makes the catalogue has parts for, sorted', vehicleNames), async (req, reply) =>
    sendSerialised(req, reply, await fitment.makes()),
  );
  app.get(
    '/api/vehicles/models',
    list('Models of a make, sorted (an unknown make: none)', vehicleNames, vehicleModelsQuery),
    async (req, reply) => {
      const { make } = req.query as z.output<typeof vehicleModelsQuery>;
      return sendSerialised(req, reply, await fitment.models(make));
    },
  );
  app.get(
    '/api/vehicles/years',
    list('Model years of a make and model, newest first', vehicleYears, vehicleYearsQuery),
    async (req, reply) => {
      const { make, model } = req.query as z.output<typeof vehicleYearsQuery>;
      return sendSerialised(req, reply, await fitment.years(make, model));
    },
  );
  app.get(
    '/api/vehicles/engines',
    list('Engines named for a make, model and year, sorted', vehicleNames, vehicleEnginesQuery),
    async (req, reply) => {
      const { make, model, year } = req.query as z.output<typeof vehicleEnginesQuery>;
      return sendSerialised(req, reply, await fitment.engines(make, model, year));
    },
  );

  await app.register(importRoute);

  app.get(
    '/api/garage',
    {
      config: { access: 'user' },
      schema: {
        tags: ['fitment'],
        summary: "My garage: the signed-in customer's vehicles, newest first",
        security: [{ bearer: [] }],
        response: { 200: z.array(storedVehicle), 401: errorBody },
      },
    },
    async (request) => fitment.garage(callerOf(request).userId),
  );

  app.put(
    '/api/garage',
    {
      config: { access: 'user' },
      schema: {
        tags: ['fitment'],
        summary: 'Replace my garage (at most 5 vehicles, newest first); answers the stored list',
        security: [{ bearer: [] }],
        body: garageInput,
        response: { 200: z.array(storedVehicle), ...errors },
      },
    },
    async (request) => fitment.setGarage(callerOf(request).userId, request.body),
  );
};

/** A media type other than text/csv is refused before the body is read. */
async function requireCsv(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv')
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fitment as Content-Type: text/csv');
}

/** Its own plugin: the text/csv parser and the larger body limit apply to this route only. */
const importRoute: FastifyPluginAsyncZod = async (app) => {
  const { fitment } = app;
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/fitment/import',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      onRequest: requireCsv,
      schema: {
        tags: ['fitment'],
        summary: 'Import fitment from CSV (admin): each named part gets exactly the rows of the file',
        description:
          'Body `text/csv` with the header `partId,make,model,yearFrom,yearTo,engine,note`. `?dryRun=true` ' +
          'answers `{ valid, errors }` and changes nothing. A real run with any refused line answers 422 with ' +
          'the same body (plus the usual `error`) and applies nothing; otherwise every part named in the file has its fitment replaced ' +
          'by its lines, in one transaction (importing the same file twice leaves the same rows). At most the ' +
          'first 100 refused lines are listed; `errorCount` counts all.',
        security: [{ bearer: [] }],
        querystring: fitmentImportQuery,
        response: {
          200: z.union([fitmentImportApplied, fitmentImportCheck]),
          422: fitmentImportCheck.extend(errorBody.shape),
          ...errors,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      try {
        return await fitment.importCsv(String(request.body ?? ''), request.query.dryRun === true);
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        // The check's body, plus the API's error shape every 4xx carries (PRODUCT.md §8).
        return reply.status(422).send({ ...error.check, error: { code: 'IMPORT_REFUSED', message: error.message } });
      }
    },
  );
};

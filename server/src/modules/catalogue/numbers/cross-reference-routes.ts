import {
  CROSS_REFERENCE_CSV_COLUMNS,
  CROSS_REFERENCE_IMPORT_MAX_LINES,
  crossReferenceImportQuery,
  errorBody,
  fitmentImportApplied,
  fitmentImportCheck,
  partDetail,
  partNumberParams,
  partSuperseded,
} from '@torque/contract';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPartsAnswers } from '../../price-lists/buyer-answers.ts';
import { ImportRefused } from '../../../lib/csv-import.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { CrossReferenceService } from './cross-reference-service.ts';

/**
 * The most bytes one cross-reference import reads: 1,000,000 lines of long numbers and brands.
 * The body is streamed into the parser, never held whole; past this the answer is 413.
 */
export const CROSS_REFERENCE_IMPORT_MAX_BYTES = 128 * 1024 * 1024;

/**
 * How long the import's connection may stay silent while its transaction runs. The server's
 * socket timeout (server-options.ts, 60 s) is for requests that answer in seconds; a real run of
 * 1,000,000 lines on a busy machine wrote nothing for over 60 s and the client lost its answer
 * while the import went on (docs/PERFORMANCE.md, part numbers).
 */
export const CROSS_REFERENCE_IMPORT_SILENCE_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    crossReferences: CrossReferenceService;
  }
}

/** Where a number's part is answered (the 301's Location). */
export const byNumberPath = (number: string): string => `/api/parts/by-number/${encodeURIComponent(number)}`;

/**
 * PRODUCT.md §17: one part by any of its numbers (public), and the admins' cross-reference import.
 * cross-reference-service.ts holds the rules.
 */
export const crossReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.crossReferences;
  const sendPartsAnswer = createPartsAnswers(app);
  app.get(
    '/api/parts/by-number/:number',
    {
      // Read from the database on every call, like a searched list: limited per address with
      // them (issue 24).
      preHandler: app.extraRateLimit(app.rateLimits.catalogueLists),
      config: {
        access: 'public',
        responseHeaders: {
          '301': { Location: { type: 'string', description: "The successor's `/api/parts/by-number/{number}`." } },
        },
      },
      schema: {
        tags: ['parts'],
        summary: 'One part by a number: its own, an OE, a competitor or a replaced number',
        description:
          'Numbers are compared in normal form: case, spaces, dashes, dots and slashes are ignored (`1k0-698-151` ' +
          'is `1K0 698 151`); never by similarity. 200: the part with its fitment and `matchedBy` (which number ' +
          'matched: the own number first, then a replaced, an OE, a competitor number). 301 when the number is a ' +
          "discontinued part's own and the part names a successor: `Location` is the successor's by-number URL " +
          'and the body names both (`{ _id, partNumber, replacedBy: { _id, partNumber } }`); a client that follows ' +
          'redirects gets the successor. 404: no part has this number. Leave slashes out of the number (an ' +
          'address with an encoded slash is refused; the normal form ignores them anyway). Rate-limited per ' +
          'address with the ' +
          'searched lists (600 a minute).',
        params: partNumberParams,
        response: { 200: partDetail, 301: partSuperseded, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const found = await service.byNumber(request.params.number);
      if (found.found === 'none') throw notFound('Part');
      if (found.found === 'superseded')
        return reply
          .status(301)
          .header('location', byNumberPath(found.superseded.replacedBy.partNumber))
          .send(found.superseded);
      return sendPartsAnswer(request, reply, found.body);
    },
  );
  await app.register(importRoute);
};

/** A media type other than text/csv is refused before the body is read. */
async function requireCsv(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv')
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the cross-references as Content-Type: text/csv');
}

/** The import's socket may stay silent for CROSS_REFERENCE_IMPORT_SILENCE_MS (an injected request has no socket). */
function allowSilence(request: FastifyRequest): void {
  const socket = request.raw.socket as Partial<Socket> | undefined;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(CROSS_REFERENCE_IMPORT_SILENCE_MS);
}

/** The request body's bytes as they arrive, refused with a 413 past `max`. */
async function* bounded(body: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > max)
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `An import reads at most ${max / 1024 / 1024} MB; split the file`);
    yield chunk;
  }
}

/** Its own plugin: the streaming text/csv parser applies to this route only. */
const importRoute: FastifyPluginAsyncZod = async (app) => {
  const service = app.crossReferences;
  // The body is handed on as the request stream: the import reads it line by line.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.post(
    '/api/parts/cross-references/import',
    {
      config: { access: 'admin' },
      onRequest: requireCsv,
      schema: {
        tags: ['parts'],
        summary: 'Import cross-references from CSV (admin): OE, competitor and replaced numbers by part number',
        description:
          `Body \`text/csv\` with the header \`${CROSS_REFERENCE_CSV_COLUMNS.join(',')}\` (\`kind\`: oe, competitor ` +
          `or replaces), at most ${CROSS_REFERENCE_IMPORT_MAX_LINES.toLocaleString('en')} lines and ` +
          `${CROSS_REFERENCE_IMPORT_MAX_BYTES / 1024 / 1024} MB, read as it streams in. \`?dryRun=true\` answers ` +
          '`{ valid, errors }` and changes nothing. A real run with any refused line (a line that breaks the ' +
          "product form's rules, or names no part) answers 422 with the same body and applies nothing; otherwise " +
          "every line's reference is added to its part in one transaction (a part's reference of the same kind and " +
          'number in normal form is updated, not repeated, so the same file twice leaves the same rows). At most ' +
          'the first 100 refused lines are listed; `errorCount` counts all.',
        security: [{ bearer: [] }],
        querystring: crossReferenceImportQuery,
        response: {
          200: z.union([fitmentImportApplied, fitmentImportCheck]),
          422: fitmentImportCheck.extend(errorBody.shape),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      allowSilence(request);
      const body = request.body as AsyncIterable<Buffer> | undefined;
      try {
        return await service.importCsv(
          body ? bounded(body, CROSS_REFERENCE_IMPORT_MAX_BYTES) : '',
          request.query.dryRun === true,
        );
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        return reply.status(422).send({ ...error.check, error: { code: 'IMPORT_REFUSED', message: error.message } });
      }
    },
  );
};

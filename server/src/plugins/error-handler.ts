import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { isDatabaseUnavailable, isUniqueViolation } from '../lib/db-errors.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Per-field messages from a request-validation failure ("quantity": "Quantity must be …"). */
function fieldMessages(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`. Bad input is a
 * 4xx with a message a person can act on; only our own bugs are 500s, and they say nothing
 * about internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error);
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send(body('VALIDATION_FAILED', first, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('SERVICE_UNAVAILABLE', 'The store is temporarily unavailable. Please try again in a moment.'));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send(body('CONFLICT', 'This already exists'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(clientErrorCode(error), clientErrorMessage(error, status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side'));
  });
});

/** Fastify's own client errors (bad JSON, body too large, wrong media type, rate limit). */
function clientErrorCode(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'MALFORMED_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'BODY_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return error.statusCode === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
  }
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (clientErrorCode(error)) {
    case 'MALFORMED_JSON':
      return 'The request body is not valid JSON';
    case 'BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'Send the request body as application/json';
    case 'RATE_LIMITED':
      return error.message || 'Too many requests, please slow down';
    default:
      return status === 400 ? 'The request is not valid' : error.message;
  }
}

import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@torque/contract';
import { AppError, DomainError, STATUS_OF_KIND } from '../lib/errors.ts';
import { isDatabaseUnavailable, isTransientConflict, isUnstorableValue, isUniqueViolation } from '../lib/db-errors.ts';

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
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        // A domain error is answered with its kind's status; an AppError made with a status
        // (an adapter passing on another server's answer) with that one.
        const status = error instanceof DomainError ? STATUS_OF_KIND[error.kind] : error.statusCode;
        if (status >= 500) request.log.error({ err: error }, error.message);
        // Every 503 (a readiness check too) tells clients and balancers when to come back.
        if (status === 503) reply.header('retry-after', '5');
        const answer = body(error.code, error.message, error.fields);
        // Extras sit beside `error`, never over it.
        const extras = error instanceof DomainError ? error.extras : undefined;
        return reply.status(status).send(extras ? { ...answer, ...extras, error: answer.error } : answer);
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
      if (isTransientConflict(error)) {
        request.log.warn({ err: error }, 'transaction ended by a deadlock or serialization conflict');
        return reply
          .status(503)
          .header('retry-after', '1')
          .send(body('TRY_AGAIN', 'Another change was being saved at the same moment. Please try again.'));
      }
      if (isUniqueViolation(error)) {
        return reply.status(409).send(body('CONFLICT', 'This already exists'));
      }
      if (isUnstorableValue(error)) {
        return reply.status(400).send(body('BAD_REQUEST', 'The request contains characters that cannot be stored'));
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
  },
  { name: 'error-handler' },
);

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

/**
 * Fastify's own answers to addresses it cannot route (a bad %-escape, an over-long id), which
 * it otherwise sends in a shape of its own: the same error body as every other failure.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No route, so no hooks: the security headers (plugins/security-headers.ts) are set here.
  reply.headers({
    'content-security-policy': "default-src 'none'; script-src 'none'; object-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return void reply.status(414).send(body('URI_TOO_LONG', 'The address is too long'));
  if (error.code === 'FST_ERR_BAD_URL') return void reply.status(400).send(body('BAD_URL', 'The address is not valid'));
  reply.status(500).send(body('INTERNAL', 'Something went wrong on our side'));
}

const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'HEADERS_TOO_LARGE',
    'The request headers are too large',
  ],
};

/**
 * Errors on the connection before a request exists (a client too slow to send its request,
 * oversized headers, bytes that are not HTTP): Fastify's default answer in the error body.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'BAD_REQUEST',
    'The request is not valid HTTP',
  ];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const payload = JSON.stringify(body(code, message));
    const head = [
      `HTTP/1.1 ${status} ${reason}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      'X-Content-Type-Options: nosniff',
    ];
    socket.write(`${head.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
  }
  socket.destroy(error);
}

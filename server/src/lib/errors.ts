/**
 * What went wrong, in the domain's words. Services throw these and know nothing of HTTP;
 * plugins/error-handler.ts maps each kind to a status and the API's error body.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-declined'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'precondition-failed'
  | 'unsupported-media-type'
  | 'precondition-required'
  | 'rate-limited'
  | 'provider-failed'
  | 'unavailable';

/** An error a caller can cause and understand: its kind, a stable `code`, a message a person can act on. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(kind: ErrorKind, code: string, message: string, fields?: Record<string, string>, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

/**
 * An answer decided at the HTTP level, with its status: an adapter passing on another HTTP
 * server's refusal (better-auth's). Services throw a DomainError instead.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

/**
 * @deprecated The old name of HttpError, kept while the modules that still name a status move to
 * a DomainError (a factory below).
 */
export const AppError = HttpError;
/** @deprecated See `AppError`. */
export type AppError = HttpError;

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Sign in to continue', code = 'UNAUTHORIZED') =>
  new DomainError('unauthenticated', code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('forbidden', 'FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('not-found', 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code = 'CONFLICT') => new DomainError('conflict', code, message);
export const preconditionFailed = (message: string, code = 'PRECONDITION_FAILED') =>
  new DomainError('precondition-failed', code, message);
export const preconditionRequired = (message: string) =>
  new DomainError('precondition-required', 'PRECONDITION_REQUIRED', message);
export const serviceUnavailable = (message: string) => new DomainError('unavailable', 'SERVICE_UNAVAILABLE', message);
/** The card was refused; `code` is the processor's reason (`card_declined`, `insufficient_funds`, …). */
export const paymentDeclined = (code: string, message: string) => new DomainError('payment-declined', code, message);
export const unsupportedMediaType = (message: string) =>
  new DomainError('unsupported-media-type', 'UNSUPPORTED_MEDIA_TYPE', message);
export const rateLimited = (message: string) => new DomainError('rate-limited', 'RATE_LIMITED', message);
/** A service we depend on (the payment provider) failed or could not be reached: not the caller's fault. */
export const providerFailed = (message: string, code: string, cause?: unknown) =>
  new DomainError('provider-failed', code, message, undefined, cause === undefined ? undefined : { cause });

/**
 * What went wrong, in the domain's words. Services throw a DomainError of one of these kinds
 * (through the factories below) and say nothing of HTTP; plugins/error-handler.ts answers each
 * kind with its status and the API's error body.
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

/** The HTTP status of each kind, which the error handler answers with. */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'precondition-failed': 412,
  'unsupported-media-type': 415,
  'precondition-required': 428,
  'rate-limited': 429,
  'provider-failed': 502,
  unavailable: 503,
};

/**
 * An error the API answers in its error body. `new AppError(status, …)` names the status itself:
 * for an adapter that passes on another HTTP server's answer (better-auth's), and for code that
 * has not moved to a DomainError yet. Every DomainError is one too, with the status of its kind,
 * so code and tests that check `instanceof AppError` and `statusCode` keep working meanwhile.
 */
export class AppError extends Error {
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
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

/**
 * Fields the error body carries beside `error`, when the contract's error for that call has them
 * (a checkout's refusal names its offending `lines`, contract cart.ts `checkoutRefusal`).
 */
export type ErrorExtras = Readonly<Record<string, unknown>>;

/** An error a caller can cause and understand: its kind, a stable `code`, a message a person can act on. */
export class DomainError extends AppError {
  readonly kind: ErrorKind;
  readonly extras?: ErrorExtras;
  constructor(
    kind: ErrorKind,
    code: string,
    message: string,
    fields?: Record<string, string>,
    options?: ErrorOptions & { extras?: ErrorExtras },
  ) {
    super(STATUS_OF_KIND[kind], code, message, fields, options);
    this.name = 'DomainError';
    this.kind = kind;
    if (options?.extras) this.extras = options.extras;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', 'BAD_REQUEST', message, fields);
export const unauthorized = (message = 'Sign in to continue', code = 'UNAUTHORIZED') =>
  new DomainError('unauthenticated', code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('forbidden', 'FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('not-found', 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code = 'CONFLICT') => new DomainError('conflict', code, message);
/** A conflict whose body carries `extras` beside `error` (a checkout's refused lines). */
export const conflictWith = (message: string, code: string, extras: ErrorExtras) =>
  new DomainError('conflict', code, message, undefined, { extras });
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

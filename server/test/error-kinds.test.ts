import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  paymentDeclined,
  preconditionFailed,
  preconditionRequired,
  providerFailed,
  rateLimited,
  serviceUnavailable,
  unauthorized,
  unsupportedMediaType,
} from '../src/lib/errors.ts';
import { errorHandlerPlugin } from '../src/plugins/error-handler.ts';

/**
 * Services throw domain errors (lib/errors.ts) and the error handler answers each kind with its
 * status: each factory answers the status, code, message and fields it answered when errors named
 * their status, and each new factory answers what the status-naming AppError it replaces answered.
 */

interface Answer {
  status: number;
  body: { error: { code: string; message: string; fields?: Record<string, string> } };
}

const answer = (status: number, code: string, message: string, fields?: Record<string, string>): Answer => ({
  status,
  body: { error: fields ? { code, message, fields } : { code, message } },
});

const FACTORIES: [string, () => Error, Answer][] = [
  [
    'badRequest',
    () => badRequest('cursor needs limit', { cursor: 'cursor needs limit' }),
    answer(400, 'BAD_REQUEST', 'cursor needs limit', { cursor: 'cursor needs limit' }),
  ],
  ['unauthorized', () => unauthorized(), answer(401, 'UNAUTHORIZED', 'Sign in to continue')],
  [
    'unauthorized with a code',
    () => unauthorized('Your session token has expired', 'TOKEN_EXPIRED'),
    answer(401, 'TOKEN_EXPIRED', 'Your session token has expired'),
  ],
  ['forbidden', () => forbidden(), answer(403, 'FORBIDDEN', 'You are not allowed to do this')],
  ['notFound', () => notFound('User'), answer(404, 'NOT_FOUND', 'User not found')],
  ['conflict', () => conflict('This already exists'), answer(409, 'CONFLICT', 'This already exists')],
  [
    'conflict with a code',
    () => conflict('The last admin cannot be deleted', 'LAST_ADMIN'),
    answer(409, 'LAST_ADMIN', 'The last admin cannot be deleted'),
  ],
  ['preconditionFailed', () => preconditionFailed('Stale'), answer(412, 'PRECONDITION_FAILED', 'Stale')],
  ['preconditionRequired', () => preconditionRequired('If-Match'), answer(428, 'PRECONDITION_REQUIRED', 'If-Match')],
  ['serviceUnavailable', () => serviceUnavailable('Away'), answer(503, 'SERVICE_UNAVAILABLE', 'Away')],
];

/** Each new factory beside the AppError it replaces. */
const REPLACEMENTS: [string, () => Error, () => Error][] = [
  [
    'paymentDeclined',
    () => paymentDeclined('card_declined', 'Your card was declined.'),
    () => new AppError(402, 'card_declined', 'Your card was declined.'),
  ],
  [
    'unsupportedMediaType',
    () => unsupportedMediaType('Send the fitment as Content-Type: text/csv'),
    () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fitment as Content-Type: text/csv'),
  ],
  [
    'rateLimited',
    () => rateLimited('Too many attempts. Please wait 3 seconds and try again.'),
    () => new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 3 seconds and try again.'),
  ],
  [
    'providerFailed',
    () =>
      providerFailed('The payment provider could not be reached.', 'PAYMENT_PROVIDER_ERROR', new Error('ECONNREFUSED')),
    () => new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached.'),
  ],
];

describe('domain errors become the API error body', () => {
  let app: FastifyInstance;
  const thrown = new Map<string, () => Error>();

  before(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get<{ Params: { name: string } }>('/throw/:name', async (request) => {
      throw thrown.get(request.params.name)!();
    });
    await app.ready();
  });
  after(() => app?.close());

  async function answerTo(make: () => Error): Promise<Answer & { retryAfter: unknown }> {
    const name = String(thrown.size);
    thrown.set(name, make);
    const res = await app.inject({ method: 'GET', url: `/throw/${name}` });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
  }

  for (const [name, make, expected] of FACTORIES) {
    test(`${name} answers ${expected.status} ${expected.body.error.code}`, async () => {
      const { retryAfter, ...got } = await answerTo(make);
      assert.deepEqual(got, expected);
      assert.equal(retryAfter, expected.status === 503 ? '5' : undefined);
      // While modules move to the kinds, a domain error still is an AppError with its status.
      const error = make();
      assert.ok(error instanceof AppError);
      assert.equal(error.statusCode, expected.status);
    });
  }

  for (const [name, make, old] of REPLACEMENTS) {
    test(`${name} answers what the AppError it replaces answered`, async () => {
      const { status } = await answerTo(old);
      assert.ok(status >= 400, `the AppError answers its own status: ${status}`);
      assert.deepEqual(await answerTo(make), await answerTo(old));
    });
  }

  test('an AppError made with a status (an adapter passing one on) is answered with it', async () => {
    const { retryAfter, ...got } = await answerTo(() => new AppError(422, 'BAD_REQUEST', 'The request is not valid'));
    assert.deepEqual(got, answer(422, 'BAD_REQUEST', 'The request is not valid'));
    assert.equal(retryAfter, undefined);
  });

  for (const [code, what] of [
    ['40P01', 'a deadlock'],
    ['40001', 'a serialization conflict'],
  ] as const) {
    test(`a transaction PostgreSQL ended for ${what} (${code}, as the driver or Drizzle wraps it) is 503 TRY_AGAIN, not 500`, async () => {
      const driverError = Object.assign(new Error(`${what} detected`), { code });
      for (const make of [() => driverError, () => new Error('Failed query: insert …', { cause: driverError })]) {
        const { retryAfter, ...got } = await answerTo(make);
        assert.deepEqual(
          got,
          answer(503, 'TRY_AGAIN', 'Another change was being saved at the same moment. Please try again.'),
        );
        assert.equal(retryAfter, '1');
      }
    });
  }
});

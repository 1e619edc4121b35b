import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { authFailures, type Auth } from './auth.ts';

/** Request headers as a Fetch `Headers`, minus an access token (a JWT is not a session token). */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (key === 'authorization' && String(value).split('.').length === 3) continue;
    for (const v of [value].flat()) headers.append(key, String(v));
  }
  return headers;
}

/** Copies a Fetch `Response` from better-auth onto Fastify's reply, every Set-Cookie kept. */
async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

const hasErrorMessage = (response: Response): Promise<boolean> =>
  response
    .clone()
    .json()
    .then(
      (body: { message?: unknown } | null) => typeof body?.message === 'string',
      () => false,
    );

/**
 * A Fastify handler that hands the request to better-auth's Fetch handler and copies its answer
 * back. better-auth's bare failures become the API's errors: a 500 behind which an error was
 * caught is rethrown (the error handler answers 503 for a lost database), and a 4xx without a
 * message gets one.
 */
export function forwardToBetterAuth(auth: Auth, publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = new URL(request.url, publicUrl);
    // URL parsing resolves `.`/`..` and `%2e` segments and backslashes: better-auth must serve
    // the very path Fastify routed (and limited), never one those resolve to (issue 24).
    const routed = request.url.split('?')[0];
    if (url.pathname !== routed) throw new AppError(404, 'NOT_FOUND', `No API route ${request.method} ${routed}`);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const headers = fetchHeaders(request);
    if (hasBody) headers.set('content-type', 'application/json');
    headers.delete('content-length');
    const failure: { error?: unknown } = {};
    const response = await authFailures.run(failure, () =>
      auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      ),
    );
    if (response.status >= 500 && failure.error) throw failure.error;
    // better-auth answers a path it does not serve with a bare `null` 404: errors carry a body.
    if (response.status >= 400 && response.status < 500 && !(await hasErrorMessage(response))) {
      throw response.status === 404
        ? new AppError(404, 'NOT_FOUND', `No API route ${request.method} ${url.pathname}`)
        : new AppError(response.status, 'BAD_REQUEST', 'The request is not valid');
    }
    return sendFetchResponse(reply, response);
  };
}

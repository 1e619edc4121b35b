import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * What makes a raw path differ from its plain form: a backslash or a fragment; a percent-encoded
 * slash or backslash; a percent-encoded unreserved character (RFC 3986 §2.3: letters, digits,
 * `-`, `.`, `_`, `~`, which encodeURIComponent never encodes, `%2e` among them); a doubled
 * slash; a `.` or `..` segment.
 */
const NOT_PLAIN = /[\\#]|%(?:2f|5c|2d|2e|5f|7e|3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a])|\/\/|\/\.\.?(?:\/|$)/i;

/** The API reference's page is served at `/api/docs/`, with its own trailing slash. */
const DOCS_PAGE = '/api/docs/';

/**
 * Why the path of a raw request target is not in its plain form, or null when it is. Only the
 * path is judged (a query string may hold anything). Under `/api/` an empty last segment (a
 * trailing slash) is refused too: no API route has one, and a router could give it to the
 * route with a parameter there (`/api/parts/` to `/api/parts/:id`).
 */
export function notPlainPath(target: string): string | null {
  const end = target.indexOf('?');
  const path = end < 0 ? target : target.slice(0, end);
  if (!path.startsWith('/')) return 'not a path';
  if (NOT_PLAIN.test(path)) return 'not plain';
  if (path.endsWith('/') && path.startsWith('/api/') && path !== DOCS_PAGE) return 'trailing slash';
  return null;
}

/**
 * Issue 24: the router keeps `.`, `..` and `%2e` segments, so `/api/auth/./sign-in/email` missed
 * its own route (and its rate limits), fell to the `/api/auth/*` catch-all, and better-auth then
 * resolved the segment and served sign-in unlimited. A path that is not in its plain form is
 * answered 404 here, in the first onRequest hook (after the security headers), before any
 * limit, access rule or handler runs, so every rule sees the path it was written for. The
 * single-page app's paths included: nothing legitimate sends such a path.
 */
export const plainPathPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      if (notPlainPath(request.raw.url ?? '') === null) return done();
      done(
        new AppError(
          404,
          'NOT_FOUND',
          'Not found: send the address in its plain form (no "." or ".." segments, encoded slashes, backslashes or empty segments)',
        ),
      );
    });
  },
  { name: 'plain-path' },
);

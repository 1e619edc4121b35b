import { z } from 'zod';

/** The largest page a list route answers (docs/ARCHITECTURE.md, "Lists"). */
export const PAGE_LIMIT_MAX = 100;

/**
 * Paging query of every list route: opt-in. Without `limit` a route answers its whole list (the
 * compatibility form PRODUCT.md's clients use); with it, one page, still an array, with
 * `X-Total-Count` and, while there is more, `Link: <…>; rel="next"` carrying the next `cursor`.
 */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
    .min(1, `limit must be at least 1`)
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
    .optional()
    .describe(`Page size (1–${PAGE_LIMIT_MAX}). Without it the whole list is answered (compatibility form).`),
  cursor: z
    .string()
    .max(1000, 'cursor is not valid')
    .regex(/^[\w-]+$/, 'cursor is not valid')
    .optional()
    .describe('Opaque: the `cursor` of the previous answer\'s `Link: <…>; rel="next"`. Needs `limit`.'),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The response headers of a paged answer, for the OpenAPI document: each a JSON schema with its
 * description, the form a Fastify route's `response.headers` takes (@fastify/swagger makes each
 * one an OpenAPI Header Object `{ description, schema }`).
 */
export const pageHeaders = {
  'X-Total-Count': {
    type: 'integer',
    description: 'With `limit`: how many items match across all pages.',
  },
  Link: {
    type: 'string',
    description:
      'With `limit`, while there is a next page: `<same path and query with the next cursor>; rel="next"` (RFC 8288).',
  },
} as const;

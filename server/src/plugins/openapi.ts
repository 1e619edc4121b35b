import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { pageHeaders } from '@torque/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { pickEncoding, precompressedBody, type PrecompressedBody } from '../lib/precompressed-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A list route with keyset paging: its 200 documents X-Total-Count and Link (lib/keyset-page.ts). */
    pagedList?: boolean;
    /** Response headers to document per status, e.g. a 301's Location (OpenAPI Header Objects' schema and description). */
    responseHeaders?: Record<string, Record<string, { type: 'string' | 'integer'; description: string }>>;
  }
}

/**
 * OpenAPI 3.0's `nullable: true` adds null to `type` but not to `enum` (3.0.3, "nullable"):
 * a nullable literal such as the order's `status: 'shipped' | null`, which the zod transform
 * writes as `{ type: 'string', nullable: true, enum: ['shipped'] }`, must list null itself or
 * validators and generated clients refuse the null. A copy of `schema` with that fixed.
 */
export function nullInNullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullInNullableEnums);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullInNullableEnums(value)]));
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

/**
 * The zod transform, nullable enums made valid, the paging headers on the 200 of every paged list
 * route, and the headers a route documents for a status (`responseHeaders`).
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const schema = nullInNullableEnums(output.schema) as typeof output.schema;
  const response = (schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (input.route.config?.pagedList && response?.['200'])
    response['200'] = { ...response['200'], headers: pageHeaders };
  for (const [status, headers] of Object.entries(input.route.config?.responseHeaders ?? {}))
    if (response?.[status]) response[status] = { ...response[status], headers };
  return { ...output, schema };
};

const DOCS_PREFIX = '/api/docs';
/** The headers of a document worth keeping; the rest (security headers…) every answer gets anyway. */
const KEPT_HEADERS = [
  'content-type',
  'content-disposition',
  'access-control-allow-origin',
  'access-control-allow-methods',
];
/** Page, script and spec: a reader's visit is a handful of requests. */
const DOCS_REQUESTS_PER_MINUTE = 60;

interface CachedDocument {
  headers: Record<string, string>;
  body: PrecompressedBody;
}

/**
 * The API reference's answers never change once the server is ready, but Scalar rebuilds the
 * spec (JSON, YAML) on every request and @fastify/compress compressed its 4 MB script each time:
 * 75 ms to 1 s of CPU for a public, anonymous request. Each document is kept the first time it
 * is answered, with its br/gzip forms made once; later requests are served from memory.
 */
function documentCache() {
  const documents = new Map<string, CachedDocument>();

  /** First in the route's onSend chain, so it sees the handler's own (uncompressed) answer. */
  const remember: onSendHookHandler = async (request, reply, payload) => {
    const key = request.routeOptions.url;
    if (
      reply.statusCode !== 200 ||
      !key ||
      documents.has(key) ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    )
      return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    documents.set(key, { headers, body: precompressedBody(Buffer.from(payload)) });
    return payload;
  };

  const serve: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const cached = request.routeOptions.url ? documents.get(request.routeOptions.url) : undefined;
    if (!cached) return;
    reply.headers(cached.headers).header('vary', 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const compressed = encoding && (await cached.body.encoded(encoding));
    if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
    return reply.send(cached.body.identity);
  };

  /** For every route the reference registers: keep its answer (it runs before compression). */
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith(DOCS_PREFIX)) return;
    route.onSend = [remember, ...[route.onSend ?? []].flat()];
  };

  return { serve, onRoute };
}

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Torque Parts API',
          description: 'Catalogue, orders, payments and accounts of the Torque Parts storefront.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      hideUntagged: false,
    });

    const cache = documentCache();
    app.addHook('onRoute', cache.onRoute);
    const scale = app.config.RATE_LIMIT_SCALE;
    const limit = app.extraRateLimit({
      max: Math.max(1, Math.round(DOCS_REQUESTS_PER_MINUTE * scale)),
      timeWindow: '1 minute',
    });
    await app.register(scalar, {
      routePrefix: DOCS_PREFIX,
      configuration: { withDefaultFonts: false, hideClientButton: true },
      // Scalar takes one hook per kind: the rate limit, then the cache.
      hooks: {
        preHandler: async function (request: FastifyRequest, reply: FastifyReply) {
          await limit.call(app, request, reply);
          return cache.serve.call(app, request, reply);
        },
      },
    });
  },
  { name: 'openapi', dependencies: ['access', 'rate-limits'] },
);

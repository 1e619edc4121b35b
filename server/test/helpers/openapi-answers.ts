import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// ajv-formats is CommonJS with a default export: its function is `.default` under Node's ESM.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/**
 * One Ajv for the bodies (OpenAPI 3.0 schemas: `nullable` is Ajv's own keyword; `example` and
 * the like are annotations, hence not strict) and one that reads header values as text.
 */
const bodies = new Ajv({ strict: false, allErrors: true, logger: false });
const headers = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: true });
addFormats(bodies);
addFormats(headers);
/** Compiled once per process and Ajv: every test app serves the same document. */
const compiled = new Map<Ajv, Map<string, ValidateFunction>>([
  [bodies, new Map()],
  [headers, new Map()],
]);

function validatorOf(ajv: Ajv, schema: object): ValidateFunction {
  const cache = compiled.get(ajv)!;
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(key, validate);
  }
  return validate;
}

interface Operation {
  path: string;
  pattern: RegExp;
  params: number;
  responses: OpenAPIV3.ResponsesObject;
}

/** The document's operations for one method, the most literal path first (`/orders/export.csv` before `/orders/{id}`). */
function operationsOf(document: OpenAPIV3.Document): Map<string, Operation[]> {
  const byMethod = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const list = byMethod.get(method.toUpperCase()) ?? [];
      list.push({
        path,
        pattern: new RegExp(`^${source}$`),
        params: (path.match(/\{/g) ?? []).length,
        responses: operation.responses,
      });
      byMethod.set(method.toUpperCase(), list);
    }
  }
  for (const list of byMethod.values()) list.sort((a, b) => a.params - b.params);
  return byMethod;
}

/** An answer as the check reads it; `body` is the decoded text, read only when checked. */
export interface Answer {
  method: string;
  /** The request's path and query. */
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body(): string;
}

/** An injected answer, read whole (not one asked for as a stream). */
export function injectedAnswer(res: LightMyRequestResponse): Answer {
  const { method = 'GET', url = '/' } = res.raw.req;
  const body = () => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    if (encoding === 'deflate') return inflateSync(res.rawPayload).toString();
    return res.body;
  };
  return { method, url, statusCode: res.statusCode, headers: res.headers, body };
}

const described = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`).join('; ');

/**
 * Checks an answer against the OpenAPI document the app serves: a JSON body against the schema
 * documented for its route and status, and each documented header it carries against that
 * header's schema. Answers the document does not describe (routes it hides, statuses it does not
 * list, other media types) are not checked. Returns what is wrong, or null.
 */
export type AnswerCheck = (answer: Answer) => string | null;

/** A checker for the app's document, dereferenced once (swagger-parser) so schemas need no $ref. */
export async function answerCheck(served: unknown): Promise<AnswerCheck> {
  const document = (await SwaggerParser.dereference(
    structuredClone(served) as OpenAPIV3.Document,
  )) as OpenAPIV3.Document;
  const operations = operationsOf(document);
  /** By operation and status, so a schema is looked up in the process-wide cache once per app. */
  const bodyValidators = new Map<string, ValidateFunction>();
  return (answer) => {
    const { method, statusCode } = answer;
    const path = answer.url.split('?')[0]!;
    const operation = operations.get(method)?.find((o) => o.pattern.test(path));
    if (!operation) return null;
    const status = String(statusCode);
    const documented = (operation.responses[status] ?? operation.responses.default) as
      OpenAPIV3.ResponseObject | undefined;
    if (!documented) return null;
    const problems: string[] = [];
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const value = answer.headers[name.toLowerCase()];
      const schema = (header as OpenAPIV3.HeaderObject).schema;
      if (value === undefined || !schema) continue;
      const validate = validatorOf(headers, { type: 'object', properties: { [name]: schema } });
      if (!validate({ [name]: String(value) })) problems.push(`header ${described(validate)}`);
    }
    const schema = documented.content?.['application/json']?.schema;
    const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
    const body = schema && json && method !== 'HEAD' ? answer.body() : '';
    if (schema && body) {
      const key = `${method} ${operation.path} ${status}`;
      let validate = bodyValidators.get(key);
      if (!validate) bodyValidators.set(key, (validate = validatorOf(bodies, schema)));
      if (!validate(JSON.parse(body))) problems.push(`body ${described(validate)}`);
    }
    if (problems.length === 0) return null;
    return (
      `${method} ${path} → ${status} (documented as ${method} ${operation.path}): ` +
      `the answer does not match the OpenAPI document: ${problems.join('; ')}\n  body: ${answer.body().slice(0, 500)}`
    );
  };
}

import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../src/server-options.ts';
import { evilString, evilValue, JsonEntries, jsonText } from './values.ts';

/** One generated request, before a caller's credentials are added. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** A body's fields and a generator of a valid value for each: the starting point of every mutation. */
export type BodyShape = Record<string, fc.Arbitrary<unknown>>;

interface Body {
  contentType?: string;
  payload?: string;
}

/** Fields a client must never get to set, sent where they don't belong, with values that would matter. */
const PRIVILEGED_KEYS = [
  'role',
  'payment',
  'paymentId',
  'status',
  'price',
  'email',
  'admin',
  '__proto__',
  'constructor',
  '_id',
  'id',
  'userId',
  'available',
  'emailVerified',
  'paidAt',
];
const privilegedValue = fc.constantFrom<unknown>(
  'admin',
  true,
  'shipped',
  0,
  0.01,
  'pi_forged_1',
  'admin@torque.test',
  { role: 'admin' },
  { prototype: { role: 'admin' } },
  { admin: true },
);

type FieldAction = { kind: 'keep' } | { kind: 'drop' } | { kind: 'replace'; value: unknown };
const fieldAction = (keepWeight: number): fc.Arbitrary<FieldAction> =>
  fc.oneof(
    { arbitrary: fc.constant({ kind: 'keep' as const }), weight: keepWeight },
    { arbitrary: fc.constant({ kind: 'drop' as const }), weight: 1 },
    { arbitrary: evilValue.map((value) => ({ kind: 'replace' as const, value })), weight: 3 },
  );

/** A valid body with some fields dropped or replaced, and privileged or repeated keys added. */
function mutatedObject(shape: BodyShape, keepWeight: number): fc.Arbitrary<JsonEntries> {
  const fields = Object.keys(shape);
  const action = fieldAction(keepWeight);
  const perField = fc.tuple(...fields.map((f) => fc.tuple(shape[f]!, action)));
  const extraKey = fc.constantFrom(...PRIVILEGED_KEYS, ...fields, 'x');
  const extras = fc.array(fc.tuple(extraKey, fc.oneof(privilegedValue, evilValue)), { maxLength: 3 });
  return fc.tuple(perField, extras, fc.boolean()).map(([values, extra, extrasFirst]) => {
    const kept: [string, unknown][] = [];
    values.forEach(([valid, action], i) => {
      if (action.kind === 'keep') kept.push([fields[i]!, valid]);
      if (action.kind === 'replace') kept.push([fields[i]!, action.value]);
    });
    return new JsonEntries(extrasFirst ? [...extra, ...kept] : [...kept, ...extra]);
  });
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1}}',
  '[',
  '\u0000',
  '{"a":"\\x"}',
  '{"a" 1}',
  '\ufeff{}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\u0001"}',
];
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/vnd.api+json',
  'text/html',
  'application/octet-stream',
  '*/*',
];

const asJson = (payload: string): Body => ({ contentType: 'application/json', payload });

/** Bodies past (or just under) the 1 MiB limit: a few per route, they are slow. */
const oversized = (shape: BodyShape): fc.Arbitrary<Body> =>
  fc
    .tuple(
      fc.constantFrom(BODY_LIMIT_BYTES - 64, BODY_LIMIT_BYTES + 1, 2 * BODY_LIMIT_BYTES),
      fc.constantFrom(...Object.keys(shape), 'x'),
    )
    .map(([size, field]) => {
      const head = `{${JSON.stringify(field)}:"`;
      return asJson(`${head}${'A'.repeat(Math.max(0, size - head.length - 2))}"}`);
    });

/**
 * Every way a body can be wrong, weighted towards "almost right" so validation is reached.
 * `keepWeight` (against 4 for dropping or replacing) is how often each field keeps its valid value.
 */
export function bodyOf(shape: BodyShape, keepWeight = 5): fc.Arbitrary<Body> {
  const object = mutatedObject(shape, keepWeight);
  return fc.oneof(
    { arbitrary: object.map((o) => asJson(jsonText(o))), weight: 60 },
    { arbitrary: evilValue.map((v) => asJson(jsonText(v))), weight: 8 },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          object.chain((o) => truncated(jsonText(o))),
        )
        .map(asJson),
      weight: 8,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), object)
        .map(([contentType, o]) => ({ contentType, payload: jsonText(o) })),
      weight: 8,
    },
    {
      arbitrary: fc.constantFrom<Body>({}, { contentType: 'application/json', payload: '' }, { payload: '{}' }),
      weight: 5,
    },
    { arbitrary: oversized(shape), weight: 1 },
  );
}

const truncated = (text: string) =>
  fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n));

/** Percent-encodes a value for a URL; lone surrogates become their (invalid) UTF-8 bytes, as a hostile client would send them. */
export function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    out +=
      ch.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(ch);
  }
  return out;
}

/** Written into the path as is: traversal, encoded slashes, bad escapes. */
const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '..%2f..%2f',
  '..%5c..%5c',
  '%2F',
  'a%2Fb',
  '%252e%252e%252f',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  ';',
  'a;b=c',
  '~',
  '*',
  'x'.repeat(201),
  'x'.repeat(5000),
];

/** A path segment: mostly a real id (so requests get past "not found"), else an adversarial one. */
export function segment(real: readonly string[]): fc.Arbitrary<string> {
  const adversarial = [
    { arbitrary: fc.uuid().map(encode), weight: 1 },
    { arbitrary: evilString.map(encode), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 2 },
  ];
  return real.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...real).map(encode), weight: 5 }, ...adversarial)
    : fc.oneof(...adversarial);
}

/** A query string for the given parameters: missing, repeated, adversarial, or with extra keys. */
export function queryOf(params: Record<string, readonly string[]>): fc.Arbitrary<string> {
  const one = (name: string, real: readonly string[]) =>
    fc.oneof(
      { arbitrary: fc.constant<string[]>([]), weight: 1 },
      { arbitrary: fc.constantFrom(...real, 'x').map((v) => [`${name}=${encode(v)}`]), weight: real.length ? 4 : 1 },
      { arbitrary: evilString.map((v) => [`${name}=${encode(v)}`]), weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...real, 'x'), evilString)
          .map(([a, b]) => [`${name}=${encode(a)}`, `${name}=${encode(b)}`]),
        weight: 1,
      },
      {
        arbitrary: fc.constantFrom(
          [`${name}[]=a`],
          [`${name}[$ne]=`],
          [name],
          [`${name}=%`],
          [`${name}=%zz`],
          [`${name}=a%00`],
        ),
        weight: 1,
      },
    );
  const extra = fc.array(
    fc.constantFrom(
      '__proto__[role]=admin',
      'role=admin',
      'constructor[prototype][x]=1',
      '&&',
      '=',
      'x=' + encode('<script>'),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...Object.entries(params).map(([name, real]) => one(name, real))), extra).map(([ps, ex]) => {
    const all = [...ps.flat(), ...ex];
    return all.length ? `?${all.join('&')}` : '';
  });
}

/** Headers a client may add; credentials of the caller are added after and win. */
const extraHeaders = (origins: readonly string[]): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        authorization: fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer abc.def.ghi',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.',
          'bearer x',
        ),
        origin: fc.constantFrom(...origins, 'https://evil.example', 'null'),
        'x-forwarded-for': fc.constantFrom('127.0.0.1', "1.2.3.4' OR 1=1", '::1, 10.0.0.1', 'x'.repeat(300)),
        accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
      },
      { requiredKeys: [] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

export interface RequestSpec {
  method: FuzzRequest['method'];
  /** The path, already encoded, e.g. from `segment()`. */
  path: fc.Arbitrary<string> | string;
  query?: fc.Arbitrary<string>;
  /** The body's valid shape; routes without a body still get one now and then. */
  body?: BodyShape;
  /** Origins worth sending (the app's own, for routes that check it). */
  origins?: readonly string[];
  /** Lower for routes where a well-formed body is slow (each sign-in hashes a password). */
  keepWeight?: number;
}

/** A generator of requests for one route. */
export function requests(spec: RequestSpec): fc.Arbitrary<FuzzRequest> {
  const path = typeof spec.path === 'string' ? fc.constant(spec.path) : spec.path;
  const body: fc.Arbitrary<Body> = spec.body
    ? bodyOf(spec.body, spec.keepWeight)
    : fc.oneof(
        { arbitrary: fc.constant<Body>({}), weight: 9 },
        { arbitrary: bodyOf({ x: fc.constant(1) }), weight: 1 },
      );
  return fc
    .record({ path, query: spec.query ?? fc.constant(''), body, headers: extraHeaders(spec.origins ?? []) })
    .map(({ path: p, query, body: b, headers }) => {
      const request: FuzzRequest = {
        method: spec.method,
        url: p + query,
        headers: { ...headers, ...(b.contentType !== undefined && { 'content-type': b.contentType }) },
        ...(b.payload !== undefined && { payload: b.payload }),
      };
      // fast-check prints counterexamples with this: one line, megabyte bodies cut short.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** For messages: the request in one line, long URLs and payloads cut. */
export function describeRequest(req: FuzzRequest, role?: string): string {
  const payload = req.payload === undefined ? '' : ` body ${JSON.stringify(cut(req.payload, 300))}`;
  return `${req.method} ${cut(req.url, 200)}${role ? ` as ${role}` : ''} headers ${JSON.stringify(req.headers)}${payload}`;
}

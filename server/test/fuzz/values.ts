import fc from 'fast-check';

/**
 * Adversarial values for request fields: what a careless or hostile client sends where a
 * string, number or id belongs. Each family is a list of known-bad cases plus a generated part.
 */

/** A JSON token written into the body verbatim: numbers JSON.stringify cannot spell (1e400, -0, 30 digits). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\ude00tail'];
const UNICODE = [
  '\u0000',
  'nul\u0000inside',
  '\u202eevil\u202c', // right-to-left override
  'مرحبا بالعالم',
  'שלום\u200f',
  '🔧🚗',
  'zero\u200bwidth',
  '\ufeffbom',
  'e\u0301\u0301\u0301',
  'line\u2028sep',
  'ctrl\u0001\u001f\u007f',
  '\r\n\t',
  ...LONE_SURROGATES,
];
export const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1--",
  "'; DROP TABLE parts;--",
  '1\' UNION SELECT email, role FROM "user"--',
  "admin'--",
  '1; SELECT pg_sleep(5)',
  '$1',
  "\\'; --",
  '" OR ""="',
];
export const HTML_INJECTION = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<!--',
];
const TRAVERSAL = ['../../etc/passwd', '..\\..\\windows\\win.ini', '%2e%2e%2f', '/etc/passwd', 'file:///etc/passwd'];
const NUMERIC_STRINGS = [
  '0',
  '1',
  '01',
  '-1',
  '1.0',
  '1.5',
  '1e3',
  ' 7 ',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '1,5',
  '١٢',
  '1_000',
  '',
  ' ',
  '9'.repeat(40),
  '-0',
  '+5',
];
const EMAILS = [
  'admin@torque.test',
  'ADMIN@TORQUE.TEST',
  'a@b',
  '@',
  'a@b.c\u0000',
  'x@y.z',
  'no-at-sign',
  '"quoted"@x.test',
  'a@b.test, c@d.test',
];

/** Long enough to cross every field's length limit; the body limit is crossed by `oversized` bodies. */
const longString = fc
  .constantFrom(101, 201, 301, 501, 1001, 2001, 5001, 20_000)
  .chain((n) => fc.constantFrom('x', 'é', '🔧', '<').map((c) => c.repeat(n)));

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/**
 * Any code point, mostly from the planes in use. (fast-check's own `unit: 'binary'` builds a
 * table of all 1.1 million code points the first time it shrinks: seconds per run.)
 */
const codePoint = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x80, max: 0xffff }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  )
  .map((c) => (c >= 0xd800 && c <= 0xdfff ? '\ufffd' : String.fromCodePoint(c)));

export const evilString: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      ...UNICODE,
      ...SQL_INJECTION,
      ...HTML_INJECTION,
      ...TRAVERSAL,
      ...NUMERIC_STRINGS,
      ...EMAILS,
    ),
    weight: 6,
  },
  { arbitrary: fc.string({ unit: codePoint, maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: fc.oneof(codePoint, loneSurrogate), maxLength: 20 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
);

export const evilNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    0.5,
    1.005,
    -0.01,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53 + 2,
    1e6,
    1e6 + 1,
    999_999.99,
    1_000_000.001,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-7,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .constantFrom('1e400', '-1e400', '-0', '123456789012345678901234567890', '0.1e1', '1E2', '5.000000000000001')
    .map((t) => new RawJson(t)),
);

/** Any JSON value at all, nested a little: arrays and objects where a string belongs. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    evilNumber,
    evilString,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(evilString, fc.constantFrom('$gt', '$ne', 'role', '__proto__')), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** What goes into a field instead of its proper value. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: evilString, weight: 5 },
  { arbitrary: evilNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [1], { $ne: null }, { role: 'admin' }), weight: 2 },
  { arbitrary: anyJson, weight: 1 },
);

/**
 * Serialises a body the way a hostile client can write it: object keys such as `__proto__`
 * and `constructor` are emitted as own keys (JSON.stringify of a literal would drop or hide
 * them), keys may repeat, and RawJson tokens go in verbatim.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries)
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return jsonText(new JsonEntries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

/** An object body as an ordered list of entries, so repeated keys and `__proto__` survive. */
export class JsonEntries {
  readonly entries: [string, unknown][];
  constructor(entries: [string, unknown][]) {
    this.entries = entries;
  }
}

import { checkVAT, countries } from 'jsvat-next';
import { EU_COUNTRIES } from './tax-rules.ts';

/** A tax number as the buyer typed it, read: an EU VAT number (its ISO country and VIES's codes) or another number. */
export type ReadTaxId =
  | { kind: 'eu'; taxId: string; country: string; viesCountry: string; vatNumber: string }
  | { kind: 'eu-malformed'; taxId: string }
  | { kind: 'other'; taxId: string };

/** jsvat-next's countries that are EU member states (its list has Norway, Switzerland, …). */
const EU_FORMATS = countries.filter((c) => EU_COUNTRIES.has(c.codes[0] ?? ''));

/**
 * Reads a tax number: spaces, dots and dashes dropped, upper case. A number starting with an EU
 * VAT prefix (EL for Greece) is an EU VAT number, its format checked with jsvat-next (a maintained
 * fork of jsvat: each state's pattern and check digits); anything else is some other tax number
 * (an EIN, a Canadian BN), kept as typed but never checked nor a reason for 0 %.
 */
export function readTaxId(raw: string): ReadTaxId {
  const taxId = raw.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = taxId.slice(0, 2);
  const iso = prefix === 'EL' ? 'GR' : prefix;
  if (!EU_COUNTRIES.has(iso) || prefix === 'GR') return { kind: 'other', taxId: raw.trim() };
  const checked = checkVAT(taxId, EU_FORMATS);
  if (!checked.isValid) return { kind: 'eu-malformed', taxId };
  return { kind: 'eu', taxId, country: iso, viesCountry: prefix, vatNumber: taxId.slice(2) };
}

export type ViesAnswer = 'valid' | 'invalid' | 'unavailable';

/** VIES's answers that mean "ask again later", not "invalid" (its `userError`/`errorWrappers`). */
const VIES_BUSY = new Set([
  'MS_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'MS_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'SERVER_BUSY',
]);

/**
 * The adapter to the EU's VIES REST API (VIES_URL): `POST {VIES_URL}/check-vat-number` with
 * `{ countryCode, vatNumber }`, reading `valid`. Anything but a clear answer (a network error, a
 * timeout, a non-2xx status, a member state's service down) is 'unavailable': the caller charges
 * tax and checks again later. Never throws.
 */
export function createViesClient(options: { baseUrl: string; timeoutMs: number }) {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  return {
    async check(viesCountry: string, vatNumber: string): Promise<ViesAnswer> {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: viesCountry, vatNumber }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!res.ok) {
          await res.body?.cancel();
          return 'unavailable';
        }
        const body = (await res.json()) as {
          valid?: unknown;
          userError?: unknown;
          errorWrappers?: { error?: unknown }[];
        };
        if (typeof body.userError === 'string' && VIES_BUSY.has(body.userError)) return 'unavailable';
        if (Array.isArray(body.errorWrappers) && body.errorWrappers.length > 0) return 'unavailable';
        if (body.valid === true) return 'valid';
        if (body.valid === false) return 'invalid';
        return 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}
export type ViesClient = ReturnType<typeof createViesClient>;

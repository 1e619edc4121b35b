/**
 * The rules of part numbers without zod (PRODUCT.md §17), so the web's catalogue chunk can share
 * them: the normal form numbers are compared in, and what reads as a number in a search text.
 */

/** The longest part number (own or cross-referenced) and brand name. */
export const PART_NUMBER_MAX = 40;
export const BRAND_MAX = 60;
/** The most cross-references one part may have when edited in the product form. */
export const CROSS_REFERENCES_MAX = 200;
/** The shop's own series: numbers the server assigns when a part is added without one. */
export const OWN_SERIES_PREFIX = 'TP-';
/** Column order of `POST /api/parts/cross-references/import`'s CSV (header line required). */
export const CROSS_REFERENCE_CSV_COLUMNS = ['partNumber', 'kind', 'brand', 'number'] as const;
/** The most lines (without the header) one cross-reference import takes. */
export const CROSS_REFERENCE_IMPORT_MAX_LINES = 1_000_000;

/** What a number's normal form ignores: case, white space, dashes, dots and slashes. */
const IGNORED = /[\s\-‐‑‒–—./\\]+/g;

/** A number's normal form: upper case without spaces, dashes, dots and slashes. */
export function normalisePartNumber(text: string): string {
  return text.replace(IGNORED, '').toUpperCase();
}

/** One token that reads as a number: letters and digits (with separators) holding a digit. */
export function isPartNumberToken(token: string): boolean {
  return /\d/.test(token) && /^[A-Za-z0-9\-./]+$/.test(token);
}

/**
 * Whether a search text looks like a part number (`BP-4471`, `1K0 698 151`, `0 986 494 550`):
 * every word of it holds a digit. Such a text is never typo-corrected; `bosch 0986494` is a word
 * and a number, so it does not look like one number as a whole.
 */
export function looksLikePartNumber(text: string): boolean {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  return (
    tokens.length > 0 &&
    text.trim().length <= PART_NUMBER_MAX &&
    tokens.every(isPartNumberToken) &&
    normalisePartNumber(text).length >= 2
  );
}

/** Card text for a match: `OE 1K0 698 151 (Volkswagen)`. */
export function matchedByLabel(m: {
  kind: 'number' | 'oe' | 'competitor' | 'replaces';
  brand: string;
  number: string;
}): string {
  const kind = { number: 'No.', oe: 'OE', competitor: 'Also sold as', replaces: 'Replaces' }[m.kind];
  return `${kind} ${m.number} (${m.brand})`;
}

import { z } from 'zod';
import { id } from './common.ts';
import { BRAND_MAX, CROSS_REFERENCES_MAX, PART_NUMBER_MAX, normalisePartNumber } from './part-number-rule.ts';

/**
 * Part numbers (PRODUCT.md §17): each part has its own number and brand, and cross-references
 * to numbers that name the same part elsewhere: the vehicle maker's (OE), competitors', and old
 * own numbers it replaces. Numbers are compared in a normal form, so `1K0 698 151`, `1k0-698-151`
 * and `1K0698151` are one number.
 */

export {
  BRAND_MAX,
  CROSS_REFERENCE_IMPORT_MAX_LINES,
  CROSS_REFERENCE_CSV_COLUMNS,
  CROSS_REFERENCES_MAX,
  OWN_SERIES_PREFIX,
  PART_NUMBER_MAX,
  isPartNumberToken,
  looksLikePartNumber,
  matchedByLabel,
  normalisePartNumber,
} from './part-number-rule.ts';

/** A part number as written (own or cross-referenced): kept as typed, compared in normal form. */
export const partNumberText = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(PART_NUMBER_MAX, `${label} must be at most ${PART_NUMBER_MAX} characters`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 \-./]*$/, `${label} may hold only letters, digits, spaces, - . and /`)
    .refine((v) => normalisePartNumber(v).length >= 2, `${label} must have at least 2 letters or digits`);

export const brandName = z
  .string({ message: 'Brand is required' })
  .trim()
  .min(1, 'Brand is required')
  .max(BRAND_MAX, `Brand must be at most ${BRAND_MAX} characters`);

export const CROSS_REFERENCE_KINDS = ['oe', 'competitor', 'replaces'] as const;
export type CrossReferenceKind = (typeof CROSS_REFERENCE_KINDS)[number];
export const crossReferenceKind = z.enum(CROSS_REFERENCE_KINDS, {
  message: `Kind must be one of ${CROSS_REFERENCE_KINDS.join(', ')}`,
});

/** One cross-reference as the API sends it: `{ kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' }`. */
export const crossReference = z.object({
  kind: crossReferenceKind,
  brand: z.string(),
  number: z.string(),
});
export type CrossReference = z.infer<typeof crossReference>;

/** A cross-reference as an admin sends it (product form row or one CSV line). */
export const crossReferenceInput = z.object({
  kind: crossReferenceKind,
  brand: brandName,
  number: partNumberText('Number'),
});
export type CrossReferenceInput = z.input<typeof crossReferenceInput>;

/** A part's whole list of cross-references, as `POST/PUT /api/parts` take it (replaces what was there). */
export const crossReferencesInput = z
  .array(crossReferenceInput)
  .max(CROSS_REFERENCES_MAX, `A part can have at most ${CROSS_REFERENCES_MAX} cross-references`);

/** The successor a discontinued part names: `{ _id, partNumber }`, or null. */
export const partSuccessor = z.object({ _id: id, partNumber: z.string() });
export type PartSuccessor = z.infer<typeof partSuccessor>;

/** Which number a search matched: the part's own (`number`) or one of its cross-references. */
export const MATCHED_BY_KINDS = ['number', ...CROSS_REFERENCE_KINDS] as const;
export const matchedBy = z.object({
  kind: z.enum(MATCHED_BY_KINDS),
  brand: z.string(),
  number: z.string(),
});
export type MatchedBy = z.infer<typeof matchedBy>;

/** Params of `GET /api/parts/by-number/:number`. */
export const partNumberParams = z.object({ number: partNumberText('Number') });

/**
 * The 301 answer of `GET /api/parts/by-number/:number` when the number is a discontinued part's
 * that names a successor: `Location` is the successor's by-number URL, the body says the same.
 */
export const partSuperseded = z.object({
  _id: id,
  partNumber: z.string(),
  replacedBy: partSuccessor,
});
export type PartSuperseded = z.infer<typeof partSuperseded>;

/** Query of `POST /api/parts/cross-references/import`. */
export const crossReferenceImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

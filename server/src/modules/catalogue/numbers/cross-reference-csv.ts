import {
  BRAND_MAX,
  CROSS_REFERENCE_CSV_COLUMNS,
  CROSS_REFERENCE_KINDS,
  CROSS_REFERENCE_IMPORT_MAX_LINES,
  crossReferenceInput,
  normalisePartNumber,
  PART_NUMBER_MAX,
  partNumberText,
  type CrossReference,
} from '@torque/contract';
import { readCsvImport, type FileRefusal, type ParsedImport } from '../../../lib/csv-import.ts';

/**
 * One line of the import: the part by its number's normal form, and the reference to add with
 * its number's normal form (computed once here, where the line is read).
 */
export interface ReferenceLine extends CrossReference {
  partNumberNormal: string;
  partNumber: string;
  numberNormal: string;
}

const HEADER = CROSS_REFERENCE_CSV_COLUMNS.join(',');
const ownNumber = partNumberText('partNumber');

/**
 * Reads a cross-reference CSV (`partNumber,kind,brand,number`) from a string or a stream
 * (lib/csv-import.ts: the header, the cap of CROSS_REFERENCE_IMPORT_MAX_LINES lines, per-line
 * refusals), each line checked with the contract's rules, the product form's. Whether each part
 * number exists is the service's question (one query for the whole file).
 */
export function parseCrossReferenceCsv(
  input: string | AsyncIterable<Buffer | string>,
): Promise<ParsedImport<ReferenceLine> | FileRefusal> {
  return readCsvImport(input, {
    columns: CROSS_REFERENCE_CSV_COLUMNS,
    maxLines: CROSS_REFERENCE_IMPORT_MAX_LINES,
    checkLine,
  });
}

/** One line's reference, or what is wrong with it (the first problem, in column order). */
export function checkLine(record: string[]): ReferenceLine | string {
  if (record.length !== CROSS_REFERENCE_CSV_COLUMNS.length)
    return `Expected ${CROSS_REFERENCE_CSV_COLUMNS.length} fields (${HEADER}), found ${record.length}`;
  return acceptedLine(record) ?? checkedLine(record);
}

/**
 * The contract's rules for a line (partNumberText, crossReferenceInput) as plain tests, for the
 * lines they accept: zod's checks were half the time of reading 1,000,000 lines
 * (docs/PERFORMANCE.md, part numbers). Anything they do not accept goes through the contract's
 * schemas, which name the problem; a test holds the two to the same answers.
 */
function acceptedLine([partNumber, kind, brand, number]: string[]): ReferenceLine | undefined {
  const own = partNumber!.trim();
  const reference = { kind: kind!.trim().toLowerCase(), brand: brand!.trim(), number: number!.trim() };
  const ownNormal = normalisePartNumber(own);
  const numberNormal = normalisePartNumber(reference.number);
  if (!isNumber(own, ownNormal) || !isNumber(reference.number, numberNormal) || !KINDS.has(reference.kind))
    return undefined;
  if (reference.brand.length === 0 || reference.brand.length > BRAND_MAX) return undefined;
  return {
    partNumber: own,
    partNumberNormal: ownNormal,
    ...(reference as CrossReference),
    numberNormal,
  };
}
const KINDS: ReadonlySet<string> = new Set(CROSS_REFERENCE_KINDS);
/** partNumberText's rule: its shape, its length, two letters or digits. */
const NUMBER_SHAPE = /^[A-Za-z0-9][A-Za-z0-9 \-./]*$/;
const isNumber = (trimmed: string, normal: string): boolean =>
  trimmed.length <= PART_NUMBER_MAX && NUMBER_SHAPE.test(trimmed) && normal.length >= 2;

/** A line through the contract's schemas: its reference, or its first problem's message. */
export function checkedLine([partNumber, kind, brand, number]: string[]): ReferenceLine | string {
  const own = ownNumber.safeParse(partNumber);
  if (!own.success) return own.error.issues[0]!.message;
  const reference = crossReferenceInput.safeParse({ kind: kind?.trim().toLowerCase(), brand, number });
  if (!reference.success) return reference.error.issues[0]!.message;
  return {
    partNumber: own.data,
    partNumberNormal: normalisePartNumber(own.data),
    ...reference.data,
    numberNormal: normalisePartNumber(reference.data.number),
  };
}

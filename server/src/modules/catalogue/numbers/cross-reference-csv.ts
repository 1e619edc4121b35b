import {
  CROSS_REFERENCE_CSV_COLUMNS,
  CROSS_REFERENCE_IMPORT_MAX_LINES,
  crossReferenceInput,
  normalisePartNumber,
  partNumberText,
  type CrossReference,
} from '@torque/contract';
import { readCsvImport, type FileRefusal, type ParsedImport } from '../../../lib/csv-import.ts';

/** One line of the import: the part by its number's normal form, and the reference to add. */
export interface ReferenceLine extends CrossReference {
  partNumberNormal: string;
  partNumber: string;
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
function checkLine(record: string[]): ReferenceLine | string {
  if (record.length !== CROSS_REFERENCE_CSV_COLUMNS.length)
    return `Expected ${CROSS_REFERENCE_CSV_COLUMNS.length} fields (${HEADER}), found ${record.length}`;
  const [partNumber, kind, brand, number] = record;
  const own = ownNumber.safeParse(partNumber);
  if (!own.success) return own.error.issues[0]!.message;
  const reference = crossReferenceInput.safeParse({ kind: kind?.trim().toLowerCase(), brand, number });
  if (!reference.success) return reference.error.issues[0]!.message;
  return { partNumber: own.data, partNumberNormal: normalisePartNumber(own.data), ...reference.data };
}

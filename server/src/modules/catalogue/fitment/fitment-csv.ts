import { FITMENT_CSV_COLUMNS, FITMENT_IMPORT_MAX_LINES, fitmentRowInput } from '@torque/contract';
import { readCsvImport, type FileRefusal, type ParsedImport } from '../../../lib/csv-import.ts';
import type { StoredRow } from '../parts/fitment-rows.ts';

export type { LineError } from '../../../lib/csv-import.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEADER = FITMENT_CSV_COLUMNS.join(',');

/**
 * Parses a fitment CSV (lib/csv-import.ts: the header, the cap of FITMENT_IMPORT_MAX_LINES lines,
 * per-line refusals) and checks each line with the contract's `fitmentRowInput`, the same rules as
 * the product form. Whether each part exists is the service's question (one query for the whole file).
 */
export function parseFitmentCsv(text: string): Promise<ParsedImport<StoredRow> | FileRefusal> {
  return readCsvImport(text, { columns: FITMENT_CSV_COLUMNS, maxLines: FITMENT_IMPORT_MAX_LINES, checkLine });
}

/** One line's row, or what is wrong with it (the first problem, in column order). */
function checkLine(record: string[]): StoredRow | string {
  if (record.length !== FITMENT_CSV_COLUMNS.length)
    return `Expected ${FITMENT_CSV_COLUMNS.length} fields (${HEADER}), found ${record.length}`;
  const [partId, make, model, yearFrom, yearTo, engine, note] = record.map((c) => c.trim());
  if (!UUID.test(partId!)) return 'partId must be a part id';
  const result = fitmentRowInput.safeParse({ make, model, yearFrom, yearTo, engine, note });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return issue.message;
  }
  return { partId: partId!.toLowerCase(), ...result.data };
}

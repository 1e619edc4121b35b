import { FITMENT_CSV_COLUMNS, FITMENT_IMPORT_MAX_LINES, fitmentRowInput } from '@torque/contract';
import { parse } from 'csv-parse/sync';
import type { StoredRow } from '../parts/fitment-rows.ts';

/** One refused line: `line` is the file's line number, the header being line 1. */
export interface LineError {
  line: number;
  message: string;
}

/** The lines of an import that passed the row rules, each with its line number, and those that did not. */
export interface ParsedImport {
  rows: StoredRow[];
  lines: number[];
  errors: LineError[];
}

/** A file refused as a whole (no header, too many lines): none of its lines were checked. */
export interface FileRefusal {
  refused: string;
  fields?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEADER = FITMENT_CSV_COLUMNS.join(',');

/** Thrown from inside csv-parse to stop it at the line past the cap. */
class TooManyLines extends Error {}

const tooManyLines = (): FileRefusal => ({
  refused: `An import takes at most ${FITMENT_IMPORT_MAX_LINES.toLocaleString('en')} lines; split the file`,
});

/**
 * Parses a fitment CSV (RFC 4180 by csv-parse: quoted fields, commas and line breaks inside
 * quotes, a BOM) and checks each line with the contract's `fitmentRowInput`, the same rules as the
 * product form. A file without the exact header, or with more than FITMENT_IMPORT_MAX_LINES lines,
 * is refused as a whole; everything else is reported per line. Lines are counted as csv-parse
 * reads them, records and unreadable lines alike, and it is stopped at the first one past the cap,
 * so a file of millions of short lines costs at most the cap's records (issue 24). Whether each
 * part exists is the service's question (one query for the whole file).
 */
export function parseFitmentCsv(text: string): ParsedImport | FileRefusal {
  const errors: LineError[] = [];
  // The header and at most the cap's lines after it; the next one stops the parser.
  let left = FITMENT_IMPORT_MAX_LINES + 1;
  const count = () => {
    left -= 1;
    if (left < 0) throw new TooManyLines();
  };
  // Each record's line number, by index (csv-parse's whole info object per record is not kept).
  const lineOf: number[] = [];
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (err) => {
        count();
        if (err) errors.push({ line: Number(err.lines), message: `Not valid CSV: ${err.message}` });
        return undefined;
      },
      on_record: (record, context) => {
        count();
        lineOf.push(context.lines);
        return record;
      },
    });
  } catch (error) {
    if (error instanceof TooManyLines) return tooManyLines();
    throw error;
  }
  const [header, ...body] = records;
  if (!header || header.map((c) => c.trim()).join(',') !== HEADER)
    return { refused: `The first line must be the header ${HEADER}`, fields: { header: `Expected ${HEADER}` } };
  const parsed: ParsedImport = { rows: [], lines: [], errors };
  body.forEach((record, i) => {
    const line = lineOf[i + 1]!;
    const checked = checkLine(record);
    if (typeof checked === 'string') errors.push({ line, message: checked });
    else {
      parsed.rows.push(checked);
      parsed.lines.push(line);
    }
  });
  errors.sort((a, b) => a.line - b.line);
  return parsed;
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

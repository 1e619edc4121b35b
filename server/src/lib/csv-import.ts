import { Readable } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';

/**
 * The CSV imports' shared reading (the fitment import, the cross-reference import): csv-parse over
 * a string or a stream, an exact header, a line cap, each line checked by the import's own rule,
 * and the answer's shapes. What a line means and what is written stays with each import.
 */

/** One refused line: `line` is the file's line number, the header being line 1. */
export interface LineError {
  line: number;
  message: string;
}

/**
 * The lines of an import that passed its line rule, each with its line number, and those that did
 * not: the first IMPORT_ERRORS_SHOWN of them (in line order) and how many in all, so a file of a
 * million refused lines keeps a hundred.
 */
export interface ParsedImport<Row> {
  rows: Row[];
  lines: number[];
  errors: LineError[];
  errorCount: number;
}

/** Counts a refused line and keeps it if it is among the first IMPORT_ERRORS_SHOWN of its list. */
export function noteError(list: { errors: LineError[]; errorCount: number }, error: LineError): void {
  list.errorCount += 1;
  if (list.errors.length < IMPORT_ERRORS_SHOWN) list.errors.push(error);
}

/** A file refused as a whole (no header, too many lines, unreadable): none of its lines were checked. */
export interface FileRefusal {
  refused: string;
  fields?: Record<string, string>;
}

/** Refused lines an import answers with; the rest are only counted (`errorCount`). */
export const IMPORT_ERRORS_SHOWN = 100;

/** What one import reads: its header, its cap, and its rule for one line (a row, or what is wrong). */
export interface CsvImportSpec<Row> {
  columns: readonly string[];
  maxLines: number;
  checkLine: (record: string[]) => Row | string;
}

/** What a dry run, or a refused import, answers. */
export interface ImportCheck {
  valid: number;
  errors: LineError[];
  errorCount: number;
}

/** A real import with refused lines: nothing was applied. Carries the check for the answer. */
export class ImportRefused extends Error {
  readonly check: ImportCheck;
  constructor(check: ImportCheck) {
    super(`${check.errorCount} lines were refused; nothing was imported`);
    this.name = 'ImportRefused';
    this.check = check;
  }
}

/**
 * The answer for `valid` rows and the refusals of several lists (the parser's, the service's),
 * each holding its first refusals in line order: the first IMPORT_ERRORS_SHOWN of all of them.
 */
export function importCheck(valid: number, ...lists: { errors: LineError[]; errorCount: number }[]): ImportCheck {
  const sorted = lists.flatMap((l) => l.errors).sort((a, b) => a.line - b.line);
  return {
    valid,
    errors: sorted.slice(0, IMPORT_ERRORS_SHOWN),
    errorCount: lists.reduce((n, l) => n + l.errorCount, 0),
  };
}

/** Thrown from inside csv-parse to stop it at the line past the cap. */
class TooManyLines extends Error {}

/**
 * Reads an import (RFC 4180 by csv-parse: quoted fields, commas and line breaks inside quotes, a
 * BOM) from a string or a stream, record by record, and checks each line with `spec.checkLine`.
 * A file without the exact header, or with more than `spec.maxLines` lines, is refused as a
 * whole; everything else is reported per line. Lines are counted as
 * csv-parse reads them, records and unreadable lines alike, and reading stops at the first one
 * past the cap, so a file of millions of short lines costs at most the cap's records (issue 24)
 * and a stream is not read further.
 */
export async function readCsvImport<Row>(
  input: string | AsyncIterable<Buffer | string>,
  spec: CsvImportSpec<Row>,
): Promise<ParsedImport<Row> | FileRefusal> {
  const header = spec.columns.join(',');
  const parsed: ParsedImport<Row> = { rows: [], lines: [], errors: [], errorCount: 0 };
  const refuse = (line: number, message: string) => noteError(parsed, { line, message });
  // The header and at most the cap's lines after it; the next one stops the parser.
  let left = spec.maxLines + 1;
  const count = () => {
    left -= 1;
    if (left < 0) throw new TooManyLines();
  };
  let sawHeader = false;
  /** Thrown from inside the parser: the file's first record is not the header. */
  class BadHeader extends Error {}
  // Every line is counted and checked inside the parser (no record leaves it), so it stops at the
  // line past the cap even within one chunk, and a million lines cost no million stream reads.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined) => {
      count();
      if (err) refuse(Number(err.lines), `Not valid CSV: ${err.message}`);
      return undefined;
    },
    on_record: (record: string[], context: { lines: number }) => {
      count();
      if (!sawHeader) {
        if (record.map((c) => c.trim()).join(',') !== header) throw new BadHeader();
        sawHeader = true;
        return null;
      }
      const checked = spec.checkLine(record);
      if (typeof checked === 'string') refuse(context.lines, checked);
      else {
        parsed.rows.push(checked);
        parsed.lines.push(context.lines);
      }
      return null;
    },
  } as unknown as Options);
  const source = Readable.from(typeof input === 'string' ? chunksOf(input) : input);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  try {
    // Nothing comes out (on_record keeps every record); this waits for the end or the first error.
    for await (const _ of parser) void _;
  } catch (error) {
    if (error instanceof TooManyLines)
      return { refused: `An import takes at most ${spec.maxLines.toLocaleString('en')} lines; split the file` };
    if (error instanceof BadHeader) return badHeader(header);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      return { refused: `Not valid CSV: ${(error as Error).message}` };
    throw error;
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
  if (!sawHeader) return badHeader(header);
  parsed.errors.sort((a, b) => a.line - b.line);
  return parsed;
}

/**
 * A string's UTF-8 in 64 KiB pieces, so the parser's output waits for its reader instead of
 * piling up (csv-parse joins a character split between two pieces).
 */
function* chunksOf(text: string): Generator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
}

const badHeader = (header: string): FileRefusal => ({
  refused: `The first line must be the header ${header}`,
  fields: { header: `Expected ${header}` },
});

import { CART_QUANTITY_MAX, partNumberText, QUICK_ORDER_MAX_LINES } from '@torque/contract';
import { parse, type CsvError } from 'csv-parse/sync';

/**
 * Reads a quick order (PRODUCT.md §18): one `part number, quantity` per line, the two separated
 * by a comma, a tab, a semicolon or spaces. A number may hold spaces itself (`1K0 698 151 4`): the
 * last token is the quantity. CSV quoting is honoured (csv-parse), blank lines are skipped, and a
 * first line without a digit that names columns (`Part number;Qty`) is a header. What a number
 * stands for is the service's question.
 */

/** A line that reads as a part number and a quantity; `line` is 1-based, as the buyer counts. */
export interface QuickOrderLine {
  line: number;
  number: string;
  quantity: number;
}

export interface QuickOrderText {
  lines: QuickOrderLine[];
  errors: { line: number; message: string }[];
}

/** A text refused as a whole: too many lines, or CSV that cannot be read (an unclosed quote). */
export class QuickOrderRefused extends Error {}

const partNumber = partNumberText('Part number');
/** Words of a header line: `Part number, Quantity`, `SKU;Qty`, `Article\tAmount`. */
const HEADER_WORDS = /\b(part|number|no|nr|sku|ref|reference|article|item|qty|quantity|amount|count|pcs)\b/i;

export function readQuickOrder(text: string): QuickOrderText {
  const records = parseRecords(text);
  const first = records[0];
  if (first && isHeader(first.fields)) records.shift();
  if (records.length > QUICK_ORDER_MAX_LINES)
    throw new QuickOrderRefused(
      `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines; this one has ${records.length}`,
    );
  const result: QuickOrderText = { lines: [], errors: [] };
  for (const record of records) {
    if (record.error) {
      result.errors.push({ line: record.line, message: record.error });
      continue;
    }
    const read = readLine(record.fields);
    if (typeof read === 'string') result.errors.push({ line: record.line, message: read });
    else result.lines.push({ line: record.line, ...read });
  }
  return result;
}

interface RawRecord {
  line: number;
  fields: string[];
  error?: string;
}

/** Records with their line numbers; a line csv-parse cannot read is kept as an error. */
function parseRecords(text: string): RawRecord[] {
  const records: RawRecord[] = [];
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter: [',', '\t', ';'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      skip_records_with_error: true,
      on_skip: (err: CsvError | undefined) => {
        if (err) records.push({ line: Number(err.lines), fields: [], error: `Not valid CSV: ${err.message}` });
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
    for (const { record, info } of parsed) {
      const fields = record.filter((f) => f !== '');
      // A line of delimiters only (`;;`) is as blank as an empty one.
      if (fields.length > 0) records.push({ line: info.lines, fields });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw new QuickOrderRefused(`Not valid CSV: ${(error as Error).message}`);
    throw error;
  }
  return records.sort((a, b) => a.line - b.line);
}

/** A header names columns and holds no digit (every part number holds one or is refused as a line). */
function isHeader(fields: string[]): boolean {
  const text = fields.join(' ');
  return !/\d/.test(text) && HEADER_WORDS.test(text);
}

/** The number and the quantity of one line, or what is wrong with it. */
function readLine(fields: string[]): { number: string; quantity: number } | string {
  // One field: separated by spaces, the last token is the quantity. Two: number and quantity.
  const tokens = fields.length === 1 ? fields[0]!.split(/\s+/) : fields;
  if (tokens.length > 2 && fields.length > 1)
    return `Expected a part number and a quantity, found ${fields.length} fields`;
  if (tokens.length < 2) return 'No quantity: write the part number, then the quantity';
  const quantityText = tokens[tokens.length - 1]!;
  const number = tokens.slice(0, -1).join(' ');
  const checked = partNumber.safeParse(number);
  if (!checked.success) return checked.error.issues[0]!.message;
  if (!/^\d+$/.test(quantityText) || Number(quantityText) < 1)
    return `Quantity must be a whole number of at least 1, not "${quantityText.slice(0, 20)}"`;
  const quantity = Number(quantityText);
  if (quantity > CART_QUANTITY_MAX) return `Quantity must be at most ${CART_QUANTITY_MAX}`;
  return { number: checked.data, quantity };
}

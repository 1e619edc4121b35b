import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { PART_NUMBER_MAX, TEXT_MAX } from '@torque/contract';
import type { FastifyBaseLogger } from 'fastify';
import { clip } from '../../lib/clip.ts';
import type { OrderExportRow } from './orders-repository.ts';

/** The export's columns: the row's field and its heading, in the file's order. */
export const ORDER_CSV_COLUMNS = (
  [
    ['id', 'Order id'],
    ['created', 'Created'],
    ['email', 'Customer e-mail'],
    ['phone', 'Phone'],
    ['address', 'Address'],
    ['part', 'Part'],
    ['partNumber', 'Part number'],
    ['quantity', 'Quantity'],
    ['unitPrice', 'Unit price'],
    ['total', 'Total'],
    ['paidAt', 'Paid at'],
    ['paymentId', 'Payment id'],
    ['shippedAt', 'Shipped at'],
    ['shippingMethod', 'Shipping method'],
    ['shippingWeightGrams', 'Weight (g)'],
    ['shipping', 'Shipping'],
    ['net', 'Net'],
    ['tax', 'Tax'],
    ['gross', 'Gross'],
  ] as const satisfies readonly (readonly [keyof OrderExportRow, string])[]
).map(([key, header]) => ({ key, header }));

/** The longest text each customer-written column holds (contract TEXT_MAX). */
const CELL_MAX = {
  email: TEXT_MAX.email,
  phone: TEXT_MAX.phone,
  address: TEXT_MAX.address,
  part: TEXT_MAX.partName,
  partNumber: PART_NUMBER_MAX,
  paymentId: TEXT_MAX.paymentId,
  shippingMethod: 100,
} satisfies Partial<Record<keyof OrderExportRow, number>>;

/**
 * The orders as RFC 4180 CSV (csv-stringify: CRLF records, fields quoted when they hold a comma,
 * quote or line break, quotes doubled), streamed: rows are pulled from the database batch by
 * batch only as fast as the client reads. Text cells starting with `=`, `+`, `-`, `@`, tab or CR
 * get a leading `'` (`escape_formulas`), so a spreadsheet shows them instead of running them.
 */
export function ordersCsv(rows: AsyncIterable<OrderExportRow>, log: FastifyBaseLogger): Readable {
  const csv = stringify({
    header: true,
    columns: ORDER_CSV_COLUMNS,
    record_delimiter: 'windows',
    escape_formulas: true,
    // Quantities are numbers and never neutralised; every other cell is text, the customer's
    // clipped to its field's rule (issue 24: a value stored before the rule stays bounded).
    cast: {
      number: (n) => String(n),
      string: (value, context) => {
        const max = CELL_MAX[context.column as keyof typeof CELL_MAX];
        return max === undefined ? value : clip(value, max);
      },
    },
  });
  pipeline(Readable.from(rows), csv).catch((err: unknown) => {
    // The answer has started: the client sees a cut-off download, the log says why.
    log.error({ err }, 'orders export failed');
  });
  return csv;
}

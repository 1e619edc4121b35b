import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import type { InStatementWriter, PaidOrderNumbering } from '../orders/order-events.ts';
import { orderFactsOf } from '../orders/order-facts.ts';
import { orderJsonOf } from '../orders/order-json.ts';

/** A year's next number from a counter table (`invoice_counters`, `credit_note_counters`): `PREFIX-YYYY-NNNNNN`. */
const nextOf = (table: string, prefix: string, eligible: string) => `
  insert into ${table} (year, last_number)
  select extract(year from now() at time zone 'UTC')::integer, 1 from ${eligible}
  on conflict (year) do update set last_number = ${table}.last_number + 1
  returning '${prefix}-' || year || '-' || lpad(last_number::text, 6, '0') as number`;

/** An order's JSON and what its documents need beside it, by id ($1). */
export interface DocumentRow {
  email: string;
  buyerName: string | null;
  /** The tax module's `orders.buyer_tax_id`, read through the row's JSON so it is null where the column does not exist. */
  buyerTaxId: string | null;
  json: string;
}

const DOCUMENT_ROW = `
  select o.email, (select u.name from "user" as u where u.id = o.user_id) as "buyerName",
    to_jsonb(o) ->> 'buyer_tax_id' as "buyerTaxId", ${orderJsonOf('o')} as "json"
  from orders as o where o.id = $1::uuid`;

/** $1 order id, $2 number. One credit note of one order. */
const CREDIT_NOTE = `
  select number, to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "issuedAt"
  from credit_notes where order_id = $1::uuid and number = $2::text`;

/**
 * The invoices' tables. `invoice_counters` (one row per year): its one statement is the part of
 * the paying statement that takes the year's next number (registered with the order machine as
 * its paid-order numbering, order-events.ts). The counter's row stays locked until that statement
 * commits, so concurrent payments take consecutive numbers, a replay (whose guard fails first)
 * takes none, and a failed statement gives its number back: no gaps, no duplicates.
 *
 * `credit_notes` and `credit_note_counters` (issue 29): the credit note of a refund is written the
 * same way, by an in-statement writer on the order machine's `refunded` event, so it exists
 * exactly when the refund does and takes the year's next CN- number with the same guarantees. Only
 * an order that has an invoice gets one (a late payment refunded for an expired order never had
 * an invoice); its e-mail is queued in the same statement.
 */
export function createInvoicesRepository(db: Db) {
  return {
    numbering: {
      nextNumber: (eligible: string) => nextOf('invoice_counters', 'INV', eligible),
    } satisfies PaidOrderNumbering,

    creditNoteWriter: {
      name: 'credit_note',
      write: (changed: string, lines: string) => `credit_note_numbered as (
          ${nextOf('credit_note_counters', 'CN', `${changed} where ${changed}.invoice_number is not null`)}
        ), credit_note_issued as (
          insert into credit_notes (number, order_id, invoice_number, gross_cents)
          select n.number, c.id, c.invoice_number, c.total_cents
          from ${changed} as c, credit_note_numbered as n
          where c.invoice_number is not null
          returning number, order_id, issued_at
        ), credit_note_mailed as (
          insert into mail_outbox (template, recipient, payload)
          select 'credit-note', c.email, (${orderFactsOf('c', lines)})::jsonb || jsonb_build_object(
            'creditNoteNumber', i.number, 'creditNoteIssuedAt', i.issued_at)
          from ${changed} as c join credit_note_issued as i on i.order_id = c.id
        )`,
    } satisfies InStatementWriter,

    async documentRow(orderId: string): Promise<DocumentRow | undefined> {
      const [row] = await preparedQuery<DocumentRow>(db, 'invoices_document_row', DOCUMENT_ROW, [orderId]);
      return row;
    },

    async creditNote(orderId: string, number: string): Promise<{ number: string; issuedAt: string } | undefined> {
      const [row] = await preparedQuery<{ number: string; issuedAt: string }>(db, 'invoices_credit_note', CREDIT_NOTE, [
        orderId,
        number,
      ]);
      return row;
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

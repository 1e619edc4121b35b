import type { PaidOrderNumbering } from '../orders/order-events.ts';

/**
 * The invoices' table, `invoice_counters` (one row per year): its one statement is the part of the
 * paying statement that takes the year's next number (registered with the order machine as its
 * paid-order numbering, order-events.ts). The counter's row stays locked until that statement
 * commits, so concurrent payments take consecutive numbers, a replay (whose guard fails first)
 * takes none, and a failed statement gives its number back: no gaps, no duplicates.
 */
export function createInvoicesRepository(): { numbering: PaidOrderNumbering } {
  return {
    numbering: {
      nextNumber: (eligible: string) => `
        insert into invoice_counters (year, last_number)
        select extract(year from now() at time zone 'UTC')::integer, 1 from ${eligible}
        on conflict (year) do update set last_number = invoice_counters.last_number + 1
        returning 'INV-' || year || '-' || lpad(last_number::text, 6, '0') as number`,
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { orderFactsOf } from '../orders/order-facts.ts';

/** A company's terms as placing on account needs them (issue 30). */
export interface StoredTerms {
  companyId: string;
  netDays: number;
  creditLimitCents: number;
}

/** $1 user id. The caller's company's terms (no row: no company, or one without terms). */
const TERMS_OF = `
  select c.id as "companyId", c.net_days as "netDays", c.credit_limit_cents as "creditLimitCents"
  from company_members as m join companies as c on c.id = m.company_id
  where m.user_id = $1::text and c.net_days is not null and c.credit_limit_cents is not null`;

/**
 * The open balance of a company (an SQL expression for its id): its on-account orders neither
 * paid nor refunded, gross. The same condition as `onAccount` in orders/order-statements.ts and
 * the partial index `orders_open_account_idx` (migration 0021).
 */
const OPEN_BALANCE_OF = (companyId: string) => `(select coalesce(sum(o.total_cents), 0)::bigint from orders as o
  where o.company_id = ${companyId} and o.payment_method = 'account' and o.paid_at is null and o.refunded_at is null)`;

/** $1 user id. The caller's company's terms and open balance. */
const CREDIT_OF = `
  select c.net_days as "netDays", c.credit_limit_cents as "creditLimitCents", ${OPEN_BALANCE_OF('c.id')} as "openCents"
  from company_members as m join companies as c on c.id = m.company_id
  where m.user_id = $1::text and c.net_days is not null and c.credit_limit_cents is not null`;

/** An open on-account order is due a reminder at `$1` (the clock): past its due date, not reminded in the last 7 days. */
const REMINDER_DUE = (
  o: string,
) => `${o}.payment_method = 'account' and ${o}.paid_at is null and ${o}.refunded_at is null
  and ${o}.due_on < ($1::timestamptz at time zone 'UTC')::date
  and (${o}.last_reminded_at is null or ${o}.last_reminded_at <= $1::timestamptz - interval '7 days')`;

/**
 * $1 now (the injected clock), $2 batch size. Sends (queues) the overdue reminders due now, in one
 * statement: the orders due (`for update skip locked`: one another instance is reminding is left
 * to it), their count and time of the last reminder moved on under the same guard re-read on the
 * locked row, and one `payment-reminder` outbox row each. The mark and the e-mail commit together
 * or not at all, so an invoice is reminded at most once in any 7 days whatever the instances,
 * and a crash (kill -9) loses nothing: the next run finds the order still due.
 */
const REMIND_DUE = `
  with due as (
    select id from orders as o where ${REMINDER_DUE('o')}
    order by o.due_on, o.id limit $2::integer for update skip locked
  ), changed as (
    update orders set reminders_sent = orders.reminders_sent + 1, last_reminded_at = $1::timestamptz
    from due where orders.id = due.id and ${REMINDER_DUE('orders')}
    returning orders.*
  ), mailed as (
    insert into mail_outbox (template, recipient, payload)
    select 'payment-reminder', c.email, (${orderFactsOf('c')})::jsonb || jsonb_build_object(
      'dueOn', to_char(c.due_on, 'YYYY-MM-DD'), 'poNumber', c.po_number, 'reminder', c.reminders_sent)
    from changed as c
  )
  select count(*)::integer as "sent" from changed`;

/** Pay on account's own reads and the reminders' statement (issue 30, PRODUCT.md §26). */
export function createAccountsRepository(db: Db) {
  return {
    async termsOf(userId: string): Promise<StoredTerms | undefined> {
      const [row] = await preparedQuery<StoredTerms>(db, 'accounts_terms_of', TERMS_OF, [userId]);
      return row;
    },

    async creditOf(
      userId: string,
    ): Promise<{ netDays: number; creditLimitCents: number; openCents: number } | undefined> {
      const [row] = await preparedQuery<{ netDays: number; creditLimitCents: number; openCents: string }>(
        db,
        'accounts_credit_of',
        CREDIT_OF,
        [userId],
      );
      return row && { ...row, openCents: Number(row.openCents) };
    },

    /** Queues the reminders due at `at`, at most `limit`; answers how many. */
    async remindDue(at: Date, limit: number): Promise<number> {
      const [row] = await preparedQuery<{ sent: number }>(db, 'accounts_remind_due', REMIND_DUE, [
        at.toISOString(),
        limit,
      ]);
      return row?.sent ?? 0;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

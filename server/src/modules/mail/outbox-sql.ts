import { orderFactsOf } from '../orders/order-facts.ts';

/**
 * The body of a data-modifying CTE for an order transition's statement (an in-statement writer,
 * orders/order-events.ts): one outbox row with `template`, addressed to the order's e-mail, for
 * each row of `changed` (its lines read from `lines`) — written by the same statement as the change, so the message exists
 * exactly when the change does.
 */
export const enqueueOrderMail = (template: string, changed: string, lines = 'order_lines') => `
  insert into mail_outbox (template, recipient, payload)
  select '${template}', ${changed}.email, ${orderFactsOf(changed, lines)} from ${changed}`;

/**
 * The body of a data-modifying CTE amending the unsent `template` rows of each order in `changed`
 * (changed again in the transaction that wrote them: placed, then put on account) to its facts now.
 */
export const amendOrderMail = (template: string, changed: string) => `
  update mail_outbox set payload = ${orderFactsOf(changed)}, updated_at = now()
  from ${changed}
  where mail_outbox.template = '${template}' and mail_outbox.sent_at is null
    and mail_outbox.payload->>'orderId' = ${changed}.id::text`;

/** $1 template, $2 recipient(s), $3 payload (JSON text). */
export const ENQUEUE_MAIL = `
  insert into mail_outbox (template, recipient, payload) values ($1::text, $2::text, $3::jsonb) returning id`;

/** The SET list that marks an outbox row sent (MARK_MAIL_SENT, and CLAIM_DUE_MAIL for its $3). */
const SENT_SET = `sent_at = now(), claimed_until = null, last_error = null, updated_at = now(),
    payload = case when template in ('password-reset', 'company-invitation') then '{}'::jsonb else payload end`;

/**
 * $1 how many, $2 lease in milliseconds, $3 the id of the row this worker has just delivered (or
 * null), marked sent by the same statement (one statement per message, not two). Takes due rows
 * no live lease holds, for this worker only: SKIP LOCKED passes over rows another instance is
 * claiming at this moment, and the lease (claimed_until) keeps them from everybody else until it
 * is marked sent, rescheduled, or the worker died and the lease ran out. The claim never takes the
 * row it marks sent (one statement may not change a row twice), even if its lease ran out.
 *
 * Its commit does not wait for the disk (`synchronous_commit` off for this statement's transaction
 * only, `async`, which the WHERE reads so that it runs): a claim per placed order waited for a WAL
 * flush beside the placing statements, whose commits hold the hot parts' locks (docs/PERFORMANCE.md,
 * "Checkout"). What a database crash can lose is the last fraction of a second of claims and marks:
 * those rows are claimable again and sent again, with the same Message-ID, the outcome a worker's
 * crash after sending already has. The outbox rows themselves are written by the order's statement,
 * durably.
 */
export const CLAIM_DUE_MAIL = `
  with async as (select set_config('synchronous_commit', 'off', true) as setting), sent as (
    update mail_outbox set ${SENT_SET}
    where id = $3::uuid
  )
  update mail_outbox set claimed_until = now() + ($2::integer * interval '1 millisecond'),
    attempts = attempts + 1, updated_at = now()
  where id in (
    select id from mail_outbox
    where sent_at is null and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
      and id is distinct from $3::uuid and (select setting from async) is not null
    order by next_attempt_at, created_at
    limit $1::integer
    for update skip locked
  )
  returning id, template, recipient, payload, attempts`;

/**
 * $1 id. Sent: never taken again. A password reset's (and a company invitation's) payload holds a live token: it is not kept
 * once the message is out (better-auth keeps its own copy to check the link against).
 */
export const MARK_MAIL_SENT = `
  update mail_outbox set ${SENT_SET}
  where id = $1::uuid`;

/** $1 id, $2 error, $3 delay in milliseconds before the next try. */
export const RESCHEDULE_MAIL = `
  update mail_outbox set claimed_until = null, last_error = $2::text, updated_at = now(),
    next_attempt_at = now() + ($3::integer * interval '1 millisecond')
  where id = $1::uuid and sent_at is null`;

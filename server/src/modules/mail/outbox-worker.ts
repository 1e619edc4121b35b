import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';
import type { MailTransport } from './mail-transport.ts';
import { CLAIM_DUE_MAIL, MARK_MAIL_SENT, RESCHEDULE_MAIL } from './outbox-sql.ts';
import { renderMail, type MailAttachment, type MailContext } from './templates.ts';

interface ClaimedRow {
  id: string;
  template: string;
  recipient: string;
  payload: unknown;
  attempts: number;
}

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  context: MailContext;
  from: string;
  /** The Message-ID's right-hand side (the shop's host name). */
  messageIdDomain: string;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Files to attach to a row's message, from the modules that draw them (none by default). */
  attachmentsFor?: (template: string, payload: unknown) => Promise<MailAttachment[]>;
  /** How long a claimed row is this worker's alone; longer than one SMTP attempt can take. */
  leaseMs?: number;
  /** Back-off: first retry after `retryBaseMs`, doubling each time, at most `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** The stable Message-ID of an outbox row: a resend after a crash carries the same one. */
export const messageIdOf = (rowId: string, domain: string) => `<${rowId}@${domain}>`;

export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers the outbox: claims due rows (FOR UPDATE SKIP LOCKED plus a lease, so two instances
 * never take the same row), sends them one at a time, marks each sent, and on failure puts it
 * back with exponential back-off. One run at a time per instance; `poke()` asks for a run now
 * (after a write), a timer asks every `pollMs`.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, transport, log } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const retryBaseMs = options.retryBaseMs ?? 2_000;
  const retryMaxMs = options.retryMaxMs ?? 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /** Sends one claimed row: true when it went out (the caller marks it sent), false when rescheduled. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    try {
      const mail = renderMail(row.template, row.payload, options.context);
      const attachments = (await options.attachmentsFor?.(row.template, row.payload)) ?? [];
      await transport.send({
        from: options.from,
        to: row.recipient,
        messageId: messageIdOf(row.id, options.messageIdDomain),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (err) {
      const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      log.warn(
        { err, mailId: row.id, template: row.template, attempts: row.attempts, retryInMs: delay },
        'mail not delivered; will retry',
      );
      await preparedQuery(db, 'mail_reschedule', RESCHEDULE_MAIL, [
        row.id,
        String((err as Error)?.message ?? err).slice(0, 1000),
        delay,
      ]);
      return false;
    }
    return true;
  }

  /**
   * Claims and sends due rows one at a time. A sent row is marked sent by the next claim's
   * statement (CLAIM_DUE_MAIL's $3: one statement per message, not two), or on the way out.
   * Between the server's "250 OK" and that statement a crash leaves the row claimed: once the
   * lease runs out it is sent again (the one possible duplicate, with the same Message-ID).
   */
  async function drain(): Promise<void> {
    let delivered: string | null = null;
    try {
      do {
        again = false;
        while (!stopped) {
          const [row]: ClaimedRow[] = await preparedQuery<ClaimedRow>(db, 'mail_claim', CLAIM_DUE_MAIL, [
            1,
            leaseMs,
            delivered,
          ]);
          delivered = null;
          if (!row) break;
          if (await deliver(row)) delivered = row.id;
        }
      } while (again && !stopped);
    } finally {
      if (delivered) await preparedQuery(db, 'mail_sent', MARK_MAIL_SENT, [delivered]);
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => log.warn({ err }, 'mail outbox run failed (database away?); will retry'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      log.info(`mail: delivering to ${transport.describe()}`);
      void run();
      schedule();
    },
    /** Look for mail now (a write just enqueued some). */
    poke(): void {
      if (!stopped) void run();
    },
    /** One full run, awaited (tests). */
    runNow: () => run(),
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

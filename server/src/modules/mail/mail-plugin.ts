import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preparedQuery } from '../../lib/prepared-query.ts';
import { createMailTransport } from './mail-transport.ts';
import { subscribeOrderMail } from './order-mail.ts';
import { ENQUEUE_MAIL } from './outbox-sql.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import type { MailAttachment, MailTemplate } from './templates.ts';

export const SHOP_NAME = 'Torque Parts';

/** Draws the files for one message from its outbox payload. */
export type AttachmentDrawer = (payload: unknown) => Promise<MailAttachment[]>;

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /**
       * Writes an outbox row outside the order statements (which write their own in SQL):
       * pass the transaction when the change that causes it is in one.
       */
      enqueue(template: MailTemplate, recipient: string, payload: unknown): Promise<void>;
      /**
       * Attach what `draw` makes from a row's payload to every `template` message (e.g. the
       * invoices module's PDF): mail asks at delivery and knows nothing of what it attaches.
       */
      attach(template: MailTemplate, draw: AttachmentDrawer): void;
      /** Ask the worker to deliver now. */
      poke(): void;
      worker: OutboxWorker;
    };
  }
}

/**
 * Transactional e-mail (docs/ARCHITECTURE.md, "E-mail"): every instance runs an outbox worker
 * from onReady to onClose, woken by a timer, by the order events it writes mail for, and by
 * `poke()` from every other module that writes an outbox row (after its commit). Not after every
 * write request, as it once was: that cost a claim query per cart change or checkout under load
 * (docs/PERFORMANCE.md, "Checkout").
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const drawers = new Map<string, AttachmentDrawer>();
    const transport = createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }, app.log);
    const worker = createOutboxWorker({
      db: app.db,
      transport,
      context: { shopName: SHOP_NAME, publicUrl: config.publicUrl },
      from: config.MAIL_FROM,
      messageIdDomain: new URL(config.publicUrl).hostname || 'torque.parts',
      log: app.log,
      pollMs: config.MAIL_POLL_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      attachmentsFor: async (template, payload) => (await drawers.get(template)?.(payload)) ?? [],
    });
    subscribeOrderMail(app.orders.events, () => worker.poke());

    app.decorate('mail', {
      async enqueue(template, recipient, payload) {
        await preparedQuery(app.db, 'mail_enqueue', ENQUEUE_MAIL, [template, recipient, JSON.stringify(payload)]);
        worker.poke();
      },
      attach(template, draw) {
        if (drawers.has(template)) throw new Error(`${template} mail already has its attachments`);
        drawers.set(template, draw);
      },
      poke: () => worker.poke(),
      worker,
    });

    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'orders'] },
);

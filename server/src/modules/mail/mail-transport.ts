import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Delivers one composed message or throws; `describe` says where mail goes, for the log. */
export interface MailTransport {
  send(message: Mail.Options): Promise<void>;
  describe(): string;
  close(): void;
}

/** Bounded SMTP waits: a stalled server fails the attempt well inside the outbox lease. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set; else each message is written as an .eml file
 * under DATA_DIR/mail (nodemailer's stream transport composes the exact bytes SMTP would carry),
 * so a newcomer's `npm start` sends nothing anywhere and loses nothing.
 */
export function createMailTransport(
  options: { smtpUrl?: string | undefined; dataDir: string },
  log: FastifyBaseLogger,
): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS } as never);
    const where = new URL(options.smtpUrl);
    return {
      async send(message) {
        await transporter.sendMail(message);
      },
      describe: () =>
        `SMTP ${where.protocol}//${where.hostname}:${where.port || (where.protocol === 'smtps:' ? 465 : 587)}`,
      close: () => transporter.close(),
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made before the first message and again only when a write finds it gone (not a
  // mkdir per message: it showed in the checkout profile, docs/PERFORMANCE.md "Checkout").
  let folderMade = false;
  return {
    async send(message) {
      const info = await composer.sendMail(message);
      const id = String(info.messageId ?? Date.now()).replace(/[^A-Za-z0-9.-]/g, '');
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      // Written whole, then renamed: a reader never sees half a message.
      const write = () => writeFile(`${file}.tmp`, info.message as Buffer);
      if (!folderMade) {
        await mkdir(folder, { recursive: true });
        folderMade = true;
      }
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await write();
      }
      await rename(`${file}.tmp`, file);
      log.info({ file, to: message.to, subject: message.subject }, 'mail written (SMTP_URL is not set)');
    },
    describe: () => `files in ${folder} (SMTP_URL is not set)`,
    close: () => {},
  };
}

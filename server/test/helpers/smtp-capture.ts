import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from '@torque/testkit';

/** A real SMTP server in the test process: every message that arrives, parsed. */
export interface SmtpCapture {
  port: number;
  messages: ParsedMail[];
  /** Resolves with the first message `match` accepts, waiting up to `timeoutMs` (then throws). */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number, what?: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    messages,
    async waitFor(match, timeoutMs = 15_000, what = 'a matching message') {
      try {
        return await eventually(what, () => messages.find(match), { timeoutMs, intervalMs: 25 });
      } catch (error) {
        const got = messages.map((m) => `${String(m.subject)} → ${[m.to ?? []].flat().map((a) => a.text)}`);
        throw new Error(`${(error as Error).message}; got: ${JSON.stringify(got)}`, { cause: error });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const recipients = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

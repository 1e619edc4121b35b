import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: every message that arrives, parsed. */
export interface SmtpCapture {
  port: number;
  messages: ParsedMail[];
  /** Resolves with the first message `match` accepts, polling until `timeoutMs` (then throws). */
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
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          const got = messages.map(
            (m) =>
              `${String(m.subject)} → ${
                m.to
                  ? [m.to]
                      .flat()
                      .map((a) => a.text)
                      .join(',')
                  : ''
              }`,
          );
          throw new Error(`no ${what} within ${timeoutMs} ms; got: ${JSON.stringify(got)}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it answers a truthy value or the deadline passes. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const recipients = (mail: ParsedMail): string[] =>
  [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

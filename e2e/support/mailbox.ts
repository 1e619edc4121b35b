import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The e2e server has no SMTP_URL: it writes every message to E2E_MAIL_DIR as an .eml file. */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the suite through its global setup');
  return dir;
}

async function messagesTo(address: string): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(mailDir(), f)))));
  return parsed.filter((m) =>
    [m.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
  );
}

/** The newest message to `address` whose subject matches, waiting (with a deadline) for it to be written. */
export async function newestMail(address: string, subject: RegExp, timeout = 15_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(address)).filter((m) => subject.test(m.subject ?? '')).at(-1);
        return Boolean(found);
      },
      { timeout, message: `an e-mail to ${address} with a subject like ${subject}` },
    )
    .toBe(true);
  return found!;
}

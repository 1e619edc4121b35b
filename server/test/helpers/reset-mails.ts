import { preparedQuery } from '../../src/lib/prepared-query.ts';
import type { TestApp } from './test-app.ts';

/** How many password-reset e-mails were written to the outbox for `email`. */
export async function resetMailsTo(t: TestApp, email: string): Promise<number> {
  const [row] = await preparedQuery<{ n: number }>(
    t.app.db,
    'test_reset_mails_to',
    "select count(*)::int as n from mail_outbox where template = 'password-reset' and recipient = $1",
    [email],
  );
  return row!.n;
}

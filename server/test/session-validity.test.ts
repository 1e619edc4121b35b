import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Db } from '../src/db/client.ts';
import { createSessionValidity } from '../src/modules/identity/session-validity.ts';

/**
 * The session check behind every signed-in request (identity/session-validity.ts) asks the
 * database at most once per session at a time: requests arriving while a lookup runs wait for it.
 * A database stand-in that counts the lookups and answers when the test lets it.
 */
function countingDb(row: { role: 'user' | 'admin'; userId: string } | undefined) {
  let queries = 0;
  const waiting: (() => void)[] = [];
  // The lookup is one prepared statement (lib/prepared-query.ts): a client that is not a pg pool gets `query(text, values)`.
  const db = {
    $client: {
      query: async () => {
        queries += 1;
        await new Promise<void>((resolve) => waiting.push(resolve));
        return { rows: row ? [row] : [] };
      },
    },
  } as unknown as Db;
  return {
    db,
    queries: () => queries,
    /** Lets every lookup under way answer. */
    answer: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

describe('session validity: one lookup per session at a time', () => {
  test('concurrent checks of one session share one query, and its answer serves the next check', async () => {
    const fake = countingDb({ role: 'user', userId: 'u' });
    const validity = createSessionValidity(fake.db);
    const checks = Array.from({ length: 20 }, () => validity.check('s', 'u', 'user'));
    fake.answer();
    assert.deepEqual(await Promise.all(checks), Array(20).fill('ok'));
    assert.equal(fake.queries(), 1);
    assert.equal(await validity.check('s', 'u', 'admin'), 'stale', 'remembered: a role the session lacks');
    assert.equal(fake.queries(), 1);
  });

  test('a sign-out while a lookup runs: its answer is not remembered, the next check asks again', async () => {
    const fake = countingDb({ role: 'user', userId: 'u' });
    const validity = createSessionValidity(fake.db);
    const first = validity.check('s', 'u', 'user');
    validity.forgetSession('s');
    fake.answer();
    await first;
    const second = validity.check('s', 'u', 'user');
    fake.answer();
    assert.equal(await second, 'ok');
    assert.equal(fake.queries(), 2);
  });

  test('a session that is gone reads as revoked', async () => {
    const fake = countingDb(undefined);
    const validity = createSessionValidity(fake.db);
    const check = validity.check('s', 'u', 'user');
    fake.answer();
    assert.equal(await check, 'revoked');
  });
});

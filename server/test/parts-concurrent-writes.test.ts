import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Admins adding and editing parts at the same moment (a CI run once saw a 500 here): every write
 * of a part adds its new words to the search lexicon (migration 0006's triggers), and two
 * transactions inserting the same new words in different orders waited for each other, a
 * deadlock PostgreSQL ends by failing one of them. Migration 0017 inserts them in one order.
 */
const WRITERS = 10;
const ROUNDS = 4;

/** `count` words no part has yet, shared by every writer of one round. */
const freshWords = (round: number, count: number) =>
  Array.from({ length: count }, (_, i) => `concurrent${round}word${i}`);

/** The words in an order of the writer's own, so two writers rarely meet them in the same order. */
const shuffled = (words: string[]) =>
  words
    .map((word) => ({ word, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map((w) => w.word);

for (const kind of databaseKinds()) {
  describe(`parts written concurrently (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    before(async () => {
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
    });
    after(() => t?.close());

    const write = (method: 'POST' | 'PUT', url: string, words: string[], headers: Record<string, string> = {}) =>
      t.inject(
        {
          method,
          url,
          headers,
          payload: {
            name: `Part ${words.slice(0, 3).join(' ')}`,
            des: words.join(' '),
            img: '/images/parts/test.svg',
            minimunOrder: 1,
            price: 10,
            available: 5,
          },
        },
        admin,
      );

    test(`${WRITERS} admins adding parts that share new words, ${ROUNDS} rounds: every one is created`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const shared = freshWords(round, 40);
        const answers = await Promise.all(
          Array.from({ length: WRITERS }, (_, i) =>
            write('POST', '/api/parts', [...shuffled(shared), `only${round}writer${i}`]),
          ),
        );
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          Array(WRITERS).fill(201),
          answers.find((a) => a.statusCode !== 201)?.body,
        );
      }
      // Every word is found by the search, typo rule and all.
      const found = await t.inject({ method: 'GET', url: '/api/parts?q=concurrent3word7&limit=50' });
      assert.equal(found.statusCode, 200);
      assert.equal(found.json().length, WRITERS);
    });

    test(`${WRITERS} admins renaming parts to share new words at once: every edit is saved`, async () => {
      const created = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) => write('POST', '/api/parts', [`renamed${i}`])),
      );
      const shared = freshWords(ROUNDS, 40).map((w) => `re${w}`);
      const answers = await Promise.all(
        created.map(async (c) => {
          const url = `/api/parts/${c.json()._id}`;
          const { etag } = (await t.inject({ method: 'GET', url })).headers;
          return write('PUT', url, shuffled(shared), { 'if-match': String(etag) });
        }),
      );
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        Array(WRITERS).fill(200),
        answers.find((a) => a.statusCode !== 200)?.body,
      );
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import type { Part } from '@torque/contract';
import { addPart } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, nextLink, type TestApp } from './helpers/test-app.ts';

/**
 * Pages and totals are keyed by the search a query resolves to (parts-service.ts): typos of one
 * word are one search, ranked and counted once. Through HTTP, counting the statements that read
 * parts by their words.
 */

/** A word no seeded part has, 12 letters (two edits allowed), and typos of it no other word is near. */
const WORD = 'quadrafluxor';
const TYPOS = ['quadrafluxr', 'qaudrafluxor', 'quadraflxuor', 'quadraafluxor'];

for (const kind of databaseKinds()) {
  describe(`a search keyed by what it resolves to (${kind})`, () => {
    let t: TestApp;
    /** SQL texts the app sent to the database since the last `take()`. */
    const sent: string[] = [];
    const take = () => sent.splice(0);
    /** Statements that read parts by their words: a search's page or count. */
    const searches = (texts: string[]) => texts.filter((s) => s.includes('"search_words"'));
    const get = (url: string) => t.inject({ method: 'GET', url });
    const names = (res: { json(): unknown }) => (res.json() as Part[]).map((p) => p.name);

    before(async () => {
      t = await createTestApp(kind);
      const admin = await t.admin();
      for (const name of [`${WORD} Pulley`, `${WORD} Bracket`, `Heavy ${WORD}`])
        await addPart(t, admin, { name, available: 5 });
      const client = t.db.database.db.$client as unknown as { query: (...args: unknown[]) => unknown };
      const query = client.query.bind(client);
      mock.method(client, 'query', (first: unknown, ...rest: unknown[]) => {
        sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
        return query(first, ...rest);
      });
      // The lexicon is read once, before anything is counted.
      assert.equal((await get('/api/parts?limit=1&q=brake')).statusCode, 200);
    });
    after(async () => {
      mock.restoreAll();
      await t.close();
    });

    test('two typos of one word answer the same page from one search: its page and count statements once', async () => {
      take();
      // The word as written: a search of its own (it ranks names holding it exactly higher).
      const exact = await get(`/api/parts?limit=2&q=${WORD}`);
      const one = searches(take());
      assert.ok(one.length > 0, 'a search reads parts by their words');
      assert.equal(exact.headers['x-total-count'], '3');

      // Two typos asked at once, neither asked before: one search between them, not one each
      // (the second joins the first's load, or finds its page).
      const [a, b] = await Promise.all([
        get(`/api/parts?limit=2&q=${TYPOS[0]}`),
        get(`/api/parts?limit=2&q=${TYPOS[1]}`),
      ]);
      const both = searches(take());
      assert.equal(both.length, one.length, `one search for both typos:\n${both.join('\n')}`);
      assert.equal(a.statusCode, 200);
      assert.equal(b.statusCode, 200);
      assert.deepEqual(names(a), names(b));
      assert.equal(a.headers['x-total-count'], '3');
      assert.equal(b.headers['x-total-count'], '3');
      for (const name of names(a)) assert.match(name, new RegExp(WORD, 'i'));
      // A third typo later answers that page too.
      assert.deepEqual(names(await get(`/api/parts?limit=2&q=${TYPOS[2]}`)), names(a));
    });

    test("a search's first page counts its matches in its own statement; the next page uses that count", async () => {
      take();
      // inStock: a list not asked before, so neither its page nor its total is cached.
      const first = await get(`/api/parts?limit=1&q=${WORD}&inStock=true&sort=name`);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.headers['x-total-count'], '3');
      assert.equal(searches(take()).length, 1, 'one statement for the page and its count');
      const second = await get(nextLink(first)!);
      assert.equal(second.headers['x-total-count'], '3');
      assert.equal(searches(take()).length, 1, 'the next page reads no count');
      // Another order of the same search and filter: its total is the one counted.
      const other = await get(`/api/parts?limit=1&q=${WORD}&inStock=true&sort=price-desc`);
      assert.equal(other.headers['x-total-count'], '3');
      // Nothing matches: a count of 0 from an empty page.
      const none = await get(`/api/parts?limit=1&q=${WORD}&lowStock=true`);
      assert.equal(none.headers['x-total-count'], '0');
      assert.deepEqual(none.json(), []);
    });

    test('a word written exactly ranks as before and is a search of its own', async () => {
      const exact = await get(`/api/parts?limit=10&q=${WORD}`);
      const typo = await get(`/api/parts?limit=10&q=${TYPOS[3]}`);
      assert.equal(exact.headers['x-total-count'], '3');
      assert.deepEqual(new Set(names(exact)), new Set(names(typo)));
    });

    test('cursors: each continues its own list; a cursor of the other typo or of the word is a 400', async () => {
      const pagesOf = async (q: string) => {
        const seen: string[] = [];
        let url: string | null = `/api/parts?limit=1&q=${q}`;
        const cursors: string[] = [];
        while (url) {
          const res = await get(url);
          assert.equal(res.statusCode, 200, res.body);
          seen.push(...names(res));
          url = nextLink(res);
          if (url) cursors.push(new URL(url, 'http://x').searchParams.get('cursor')!);
        }
        return { seen, cursors };
      };
      const first = await pagesOf(TYPOS[0]!);
      const second = await pagesOf(TYPOS[1]!);
      assert.equal(first.seen.length, 3);
      assert.deepEqual(second.seen, first.seen);
      assert.equal(first.cursors.length, 2);
      for (const q of [TYPOS[1], WORD, 'brake']) {
        const res = await get(`/api/parts?limit=1&q=${q}&cursor=${first.cursors[0]}`);
        assert.equal(res.statusCode, 400, `${q}: ${res.body}`);
        assert.equal(errorOf(res).fields?.cursor, 'cursor is not valid for this list');
      }
    });

    test('a catalogue change is seen at once by every spelling', async () => {
      const admin = await t.admin();
      const added = await addPart(t, admin, { name: `${WORD} Housing`, available: 2 });
      for (const q of TYPOS) assert.equal((await get(`/api/parts?limit=1&q=${q}`)).headers['x-total-count'], '4', q);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${added._id}` }, admin)).statusCode, 200);
      for (const q of TYPOS) assert.equal((await get(`/api/parts?limit=1&q=${q}`)).headers['x-total-count'], '3', q);
    });
  });
}

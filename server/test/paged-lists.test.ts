import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ContactMessage, User } from '@torque/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, nextLink, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The paging rules of lib/paged-list.ts as the admin lists answer them: the users list (whole
 * without `limit`) and the contact inbox (pages of 50 without `limit`).
 */

const INVALID_CURSOR = 'cursor is not valid for this list';

/** The `cursor` a Link header carries. */
function cursorOf(res: LightMyRequestResponse): string {
  const link = nextLink(res);
  assert.ok(link, `a next page: ${res.body}`);
  return new URL(link, 'http://x').searchParams.get('cursor')!;
}

/** The same cursor with one character of its signed payload changed. */
function tampered(cursor: string): string {
  const at = 5;
  const swapped = cursor[at] === 'A' ? 'B' : 'A';
  return cursor.slice(0, at) + swapped + cursor.slice(at + 1);
}

for (const kind of databaseKinds()) {
  describe(`paged lists (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    const get = (url: string, as: TestUser | null = admin) => t.inject({ method: 'GET', url }, as);

    /** A 400 in the error body, with `field`'s message matching `message`. */
    function assertRefused(res: LightMyRequestResponse, code: string, field: string, message: RegExp | string): void {
      assert.equal(res.statusCode, 400, res.body);
      const error = errorOf(res);
      assert.equal(error.code, code, res.body);
      if (typeof message === 'string') {
        assert.equal(error.message, message);
        assert.deepEqual(error.fields, { [field]: message });
      } else {
        assert.match(error.fields?.[field] ?? '', message, res.body);
      }
    }

    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      for (let i = 0; i < 3; i++) await t.signUp(`pager${i}@paging.test`, `Pager ${i}`);
      // 52 messages, a second apart, so the inbox's default page (50) leaves two for the next.
      await t.db.database.db.execute(sql`
        insert into contact_messages (email, subject, message, created_at)
        select 'writer' || i || '@paging.test', 'Subject ' || i, 'Hello ' || i, now() - make_interval(secs => i)
        from generate_series(1, 52) as i`);
    });
    after(() => t?.close());

    describe('users list', () => {
      test('a cursor without limit is a 400 naming the cursor, with or without a search', async () => {
        const cursor = cursorOf(await get('/api/all-user?limit=1'));
        for (const url of [`/api/all-user?cursor=${cursor}`, `/api/all-user?q=pager&cursor=${cursor}`]) {
          assertRefused(await get(url), 'BAD_REQUEST', 'cursor', 'cursor needs limit');
        }
      });

      test('a tampered cursor, or one of another search or list, is a 400', async () => {
        const cursor = cursorOf(await get('/api/all-user?limit=1'));
        const searched = cursorOf(await get('/api/all-user?limit=1&q=pager'));
        const inbox = cursorOf(await get('/api/contact?limit=1'));
        for (const url of [
          `/api/all-user?limit=1&cursor=${tampered(cursor)}`,
          `/api/all-user?limit=1&q=pager&cursor=${cursor}`,
          `/api/all-user?limit=1&cursor=${searched}`,
          `/api/all-user?limit=1&cursor=${inbox}`,
          `/api/all-user?limit=1&cursor=${cursor.slice(0, 10)}`,
        ]) {
          assertRefused(await get(url), 'BAD_REQUEST', 'cursor', INVALID_CURSOR);
        }
        assertRefused(await get('/api/all-user?limit=1&cursor=not%20a%20cursor'), 'VALIDATION_FAILED', 'cursor', /./);
      });

      test('limit takes whole numbers from 1 to 100', async () => {
        for (const limit of ['0', '101', '1.5', 'abc', '-1']) {
          assertRefused(await get(`/api/all-user?limit=${limit}`), 'VALIDATION_FAILED', 'limit', /^limit must be/);
        }
        const one = await get('/api/all-user?limit=1');
        assert.equal(one.statusCode, 200, one.body);
        assert.equal((one.json() as User[]).length, 1);
        const hundred = await get('/api/all-user?limit=100');
        assert.equal(hundred.statusCode, 200, hundred.body);
        const total = Number(hundred.headers['x-total-count']);
        assert.ok(total >= 4, `admin and three pagers: ${total}`);
        assert.equal((hundred.json() as User[]).length, total);
        assert.equal(hundred.headers.link, undefined, 'one page holds them all');
      });

      test('the cursor continues where the page ended; without limit, no paging headers', async () => {
        const first = await get('/api/all-user?limit=2&q=pager');
        const second = await get(nextLink(first)!);
        assert.equal(second.statusCode, 200, second.body);
        const names = [...(first.json() as User[]), ...(second.json() as User[])].map((u) => u.name);
        assert.deepEqual(names, ['Pager 2', 'Pager 1', 'Pager 0']);
        assert.equal(second.headers.link, undefined);
        const whole = await get('/api/all-user');
        assert.equal(whole.headers['x-total-count'], undefined);
        assert.equal(whole.headers.link, undefined);
      });
    });

    describe('contact inbox', () => {
      test('without limit a page of 50; its cursor alone continues with the next 50', async () => {
        const first = await get('/api/contact');
        assert.equal(first.statusCode, 200, first.body);
        assert.equal((first.json() as ContactMessage[]).length, 50);
        assert.equal(first.headers['x-total-count'], '52');
        const link = nextLink(first)!;
        assert.ok(!link.includes('limit='), link);
        const rest = await get(link);
        assert.equal(rest.statusCode, 200, rest.body);
        assert.deepEqual(
          (rest.json() as ContactMessage[]).map((m) => m.subject),
          ['Subject 51', 'Subject 52'],
        );
        assert.equal(rest.headers.link, undefined);
      });

      test('a tampered cursor, or one of another filter or list, is a 400', async () => {
        const open = cursorOf(await get('/api/contact?limit=1&handled=false'));
        const users = cursorOf(await get('/api/all-user?limit=1'));
        for (const url of [
          `/api/contact?limit=1&handled=false&cursor=${tampered(open)}`,
          `/api/contact?limit=1&handled=true&cursor=${open}`,
          `/api/contact?limit=1&cursor=${open}`,
          `/api/contact?cursor=${users}`,
        ]) {
          assertRefused(await get(url), 'BAD_REQUEST', 'cursor', INVALID_CURSOR);
        }
      });

      test('limit takes whole numbers from 1 to 100', async () => {
        for (const limit of ['0', '101', '2.5', 'many']) {
          assertRefused(await get(`/api/contact?limit=${limit}`), 'VALIDATION_FAILED', 'limit', /^limit must be/);
        }
        const hundred = await get('/api/contact?limit=100');
        assert.equal(hundred.statusCode, 200, hundred.body);
        assert.equal((hundred.json() as ContactMessage[]).length, 52);
      });

      test('only admins page the inbox and the users', async () => {
        const customer = await t.signUp('customer@paging.test', 'Casey');
        for (const url of ['/api/contact?limit=1', '/api/all-user?limit=1']) {
          assert.equal((await get(url, null)).statusCode, 401, url);
          assert.equal((await get(url, customer)).statusCode, 403, url);
        }
      });
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_LIMIT_MAX, type Part, type PartDetail } from '@torque/contract';
import { createKeysetCodec } from '../src/lib/keyset-page.ts';
import { AppError } from '../src/lib/errors.ts';
import { createCatalogueCache } from '../src/modules/catalogue/catalogue-cache.ts';
import { searchTerms } from '../src/modules/catalogue/search/search-terms.ts';
import { serialise } from '../src/lib/serialised-body.ts';
import { addPart } from '@torque/testkit';
import { moveStock, setStock } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, nextLink, type TestApp } from './helpers/test-app.ts';

describe('keyset cursors', () => {
  const codec = createKeysetCodec('a-secret-that-is-long-enough-for-tests-0123');
  const patterns = [/^\d+$/, /^[a-z]+$/];

  test('a cursor carries its key back, only to its own scope', () => {
    const cursor = codec.encode('parts|name|x', ['42', 'abc']);
    assert.match(cursor, /^[\w-]+$/);
    assert.deepEqual(codec.decode(cursor, 'parts|name|x', patterns), ['42', 'abc']);
    assert.throws(() => codec.decode(cursor, 'parts|price-asc|x', patterns), AppError);
  });

  test('an edited, foreign or malformed cursor is refused', () => {
    const cursor = codec.encode('s', ['42', 'abc']);
    const flipped = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6);
    const other = createKeysetCodec('another-secret-that-is-long-enough-0123456').encode('s', ['42', 'abc']);
    const forged = Buffer.from(JSON.stringify({ s: 'x', k: ['1', 'a'] })).toString('base64url');
    for (const bad of [flipped, other, forged, 'x', '', 'A'.repeat(60)]) {
      assert.throws(
        () => codec.decode(bad, 's', patterns),
        (e: unknown) => e instanceof AppError && e.statusCode === 400,
        bad,
      );
    }
    // Made here, but with a key the list does not take: still refused before any SQL.
    assert.throws(() => codec.decode(codec.encode('s', ['x', 'abc']), 's', patterns), AppError);
  });

  test('a search is split into at most 8 distinct words and numbers', () => {
    const words = (q: string) => searchTerms(q).words;
    assert.deepEqual(words('  Ceramik   brake-pad '), ['ceramik', 'brake', 'pad']);
    assert.deepEqual(words('a b'), ['a', 'b']);
    assert.deepEqual(words('x brake'), ['brake']);
    assert.deepEqual(searchTerms('!!'), { words: [], numbers: [], whole: null });
    assert.equal(words('wa wb wc wd we wf wg wh wi wj').length, 8);
    // A token holding a digit is a number; consecutive ones are one number (PRODUCT.md §17).
    assert.deepEqual(searchTerms('bosch 0986494'), {
      words: ['bosch'],
      numbers: [{ normal: '0986494', tokens: ['0986494'] }],
      whole: 'BOSCH0986494',
    });
    assert.deepEqual(searchTerms('1K0 698 151').numbers, [{ normal: '1K0698151', tokens: ['1k0', '698', '151'] }]);
    assert.deepEqual(searchTerms('(BP-4471)'), {
      words: [],
      numbers: [{ normal: 'BP4471', tokens: ['bp-4471'] }],
      whole: null,
    });
    const many = searchTerms('a1 wa b2 wb c3 wc d4 wd e5 we');
    assert.equal(many.words.length + many.numbers.length, 8);
  });
});

describe('page cache', () => {
  const page = (n: number) => ({ body: serialise([{ n }]), total: n, nextKey: null });

  test('holds a fixed number of pages however many distinct queries arrive', async () => {
    const cache = createCatalogueCache(async () => [], { pageCacheMaxEntries: 16 });
    let loads = 0;
    for (let i = 0; i < 1000; i++) await cache.page(`q${i}`, async () => page(++loads));
    assert.equal(cache.pageCacheSize().entries, 16);
    assert.equal(loads, 1000);
    // The most recently used stay; an early one was evicted and loads again.
    await cache.page('q999', async () => page(++loads));
    assert.equal(loads, 1000);
    await cache.page('q0', async () => page(++loads));
    assert.equal(loads, 1001);
  });

  test('holds a fixed number of bytes', async () => {
    const cache = createCatalogueCache(async () => [], { pageCacheMaxBytes: 10_000 });
    for (let i = 0; i < 100; i++)
      await cache.page(`big${i}`, async () => ({ body: serialise('x'.repeat(3000)), total: 1, nextKey: null }));
    assert.ok(cache.pageCacheSize().bytes <= 10_000, `${cache.pageCacheSize().bytes} bytes`);
    assert.equal(cache.pageCacheSize().entries, 3);
  });

  test('one part is read alone when no client asked for the whole catalogue', async () => {
    let listLoads = 0;
    let oneLoads = 0;
    const cache = createCatalogueCache(async () => {
      listLoads += 1;
      return [];
    });
    const one = { _id: 'a', name: 'A', fitment: [] } as unknown as PartDetail;
    const loadOne = async () => (oneLoads++, one);
    assert.deepEqual(JSON.parse((await cache.part('a', loadOne))!.json.toString()), one);
    await cache.part('a', loadOne);
    assert.equal(listLoads, 0);
    assert.equal(oneLoads, 1);
    cache.invalidate();
    await cache.part('a', loadOne);
    assert.equal(oneLoads, 2);
  });

  test('a catalogue change drops every page; a load that raced it is not kept', async () => {
    const cache = createCatalogueCache(async () => []);
    let loads = 0;
    await cache.page('a', async () => page(++loads));
    await cache.page('a', async () => page(++loads));
    assert.equal(loads, 1);
    cache.invalidate();
    assert.equal(cache.pageCacheSize().entries, 0);
    let release!: () => void;
    const racing = cache.page('a', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return page(++loads);
    });
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate();
    release();
    assert.equal((await racing).total, 2);
    assert.equal((await cache.page('a', async () => page(++loads))).total, 3);
  });
});

for (const kind of databaseKinds()) {
  describe(`GET /api/parts paging and search (${kind})`, () => {
    let t: TestApp;
    const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

    before(async () => {
      t = await createTestApp(kind);
      const admin = await t.admin();
      await addPart(t, admin, { name: 'Brake Caliper Twin-Piston', available: 40, price: 120 });
      await addPart(t, admin, { name: 'Bremsbelag vorne', available: 30, price: 22 });
      await addPart(t, admin, { name: 'Bremsbélag hinten', available: 30, price: 21 });
      // "brake" only in its description: ranks after the parts named for it.
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/parts',
          payload: {
            name: 'Wheel Cylinder',
            des: 'Cast iron cylinder for drum brake systems.',
            img: '/images/parts/test.svg',
            minimunOrder: 1,
            available: 5,
            price: 15,
          },
        },
        admin,
      );
      assert.equal(res.statusCode, 201, res.body);
    });
    after(() => t.close());

    /** Follows Link from `url` to the last page; between pages, `between(pageNumber)` changes the catalogue. */
    async function walk(url: string, between: (page: number) => Promise<void> = async () => {}) {
      const seen: Part[] = [];
      const totals: number[] = [];
      let next: string | null = url;
      for (let n = 0; next; n++) {
        assert.ok(n < 200, 'the walk ends');
        const res = await get(next);
        assert.equal(res.statusCode, 200, res.body);
        totals.push(Number(res.headers['x-total-count']));
        seen.push(...(res.json() as Part[]));
        next = nextLink(res);
        if (next) {
          assert.ok(next.startsWith('/api/parts?'), next);
          await between(n);
        }
      }
      return { seen, totals };
    }

    const all = async () => (await get('/api/parts')).json() as Part[];

    test('without limit: the whole catalogue as before, with no paging headers', async () => {
      const res = await get('/api/parts');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['x-total-count'], undefined);
      assert.equal(res.headers.link, undefined);
      const list = res.json() as Part[];
      assert.equal(list.length, 17);
      const created = list.map((p) => p.createdAt);
      assert.deepEqual(created, [...created].sort(), 'oldest first, as the home page shows it');
    });

    test('limit=3 is the first three of the catalogue order, with X-Total-Count and Link', async () => {
      const res = await get('/api/parts?limit=3');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), (await all()).slice(0, 3));
      assert.equal(res.headers['x-total-count'], '17');
      const next = nextLink(res);
      assert.ok(next && /^\/api\/parts\?limit=3&cursor=[\w-]+$/.test(next), String(next));
      const whole = await walk('/api/parts?limit=100');
      assert.equal(whole.seen.length, 17);
      assert.deepEqual(whole.totals, [17]);
    });

    const orders: [string, (a: Part, b: Part) => number][] = [
      ['', () => 0],
      ['&sort=name', (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1)],
      ['&sort=price-asc', (a, b) => a.price - b.price],
      ['&sort=price-desc', (a, b) => b.price - a.price],
      ['&sort=newest', (a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : 0)],
      ['&q=brake', () => 0],
      ['&q=brake&sort=price-asc', (a, b) => a.price - b.price],
      ['&inStock=true&sort=price-desc', (a, b) => b.price - a.price],
    ];

    for (const [params, compare] of orders) {
      test(`walking ?limit=2${params} sees every part that existed throughout exactly once, while parts come and sell out`, async () => {
        const admin = await t.admin();
        const url = `/api/parts?limit=2${params}`;
        const noLimit = `/api/parts?${params.slice(1)}`;
        const before = (await get(noLimit)).json() as Part[];
        assert.ok(before.length > 2, `${params}: more than one page to walk`);
        const added: string[] = [];
        const soldOut = new Set<string>();
        const { seen, totals } = await walk(url, async (n) => {
          // On the first pages: a new part at each end of every order, and a part sold out that
          // is already behind or still ahead. (Adding on every page would never let the walk end.)
          if (n >= 3) return;
          for (const price of [0.01, 99_999]) {
            const p = await addPart(t, admin, { name: `Aaa Brake walker ${n} ${price}`, available: 5, price });
            added.push(p._id);
          }
          const victim = before[(n * 3 + 1) % before.length]!;
          await setStock(t, victim._id, 0);
          soldOut.add(victim._id);
        });
        const ids = seen.map((p) => p._id);
        assert.equal(new Set(ids).size, ids.length, `${params}: no part seen twice`);
        const inStockOnly = params.includes('inStock=true');
        for (const p of before) {
          if (inStockOnly && soldOut.has(p._id)) continue; // it stopped matching: either way is right
          assert.ok(ids.includes(p._id), `${params}: ${p.name} was seen`);
        }
        for (let i = 1; i < seen.length; i++)
          assert.ok(
            compare(seen[i - 1]!, seen[i]!) <= 0,
            `${params}: in order at ${i}: ${seen[i - 1]!.name}, ${seen[i]!.name}`,
          );
        assert.equal(totals[0], before.length, `${params}: X-Total-Count of the first page`);
        // Put the catalogue back as it was for the next walk.
        for (const id of added) await t.inject({ method: 'DELETE', url: `/api/part/${id}` }, admin);
        for (const p of before.filter((b) => soldOut.has(b._id))) await setStock(t, p._id, p.available);
      });
    }

    test('the default order is the one the home page shows; newest is its reverse', async () => {
      const list = await all();
      const newest = await walk('/api/parts?limit=5&sort=newest');
      assert.deepEqual(
        newest.seen.map((p) => p._id),
        list.map((p) => p._id).reverse(),
      );
    });

    const names = async (url: string) => ((await get(url)).json() as Part[]).map((p) => p.name);

    test('a typo still finds its part: turbocharjer, calliper, alternater, a two-word search with one typo', async () => {
      assert.ok((await names('/api/parts?limit=10&q=turbocharjer')).includes('Ball-Bearing Turbocharger TQ-45'));
      assert.ok((await names('/api/parts?limit=10&q=calliper')).includes('Brake Caliper Twin-Piston'));
      assert.ok((await names('/api/parts?limit=10&q=alternater')).includes('Alternator 14V 150A'));
      assert.equal((await names('/api/parts?limit=10&q=ceramik%20brake'))[0], 'Ceramic Brake Pad Set');
      assert.deepEqual(await names('/api/parts?limit=10&q=zzqqxx'), []);
    });

    test('a new part and a renamed one are found by their new words, typos included', async () => {
      const admin = await t.admin();
      const added = await addPart(t, admin, { name: 'Dual-Mass Flywheel DMF-7', available: 10 });
      assert.ok((await names('/api/parts?limit=10&q=flywhel')).includes('Dual-Mass Flywheel DMF-7'));
      const opened = await t.inject({ method: 'GET', url: `/api/parts/${added._id}` });
      const renamed = await t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${added._id}`,
          payload: { name: 'Self-Adjusting Pressure Plate' },
          headers: { 'if-match': String(opened.headers.etag) },
        },
        admin,
      );
      assert.equal(renamed.statusCode, 200);
      // First by its name; the clutch kit, whose description names a pressure plate, after it.
      assert.equal((await names('/api/parts?limit=10&q=presure%20plate'))[0], 'Self-Adjusting Pressure Plate');
      assert.ok(!(await names('/api/parts?limit=10&q=flywheel')).includes('Self-Adjusting Pressure Plate'));
      await t.inject({ method: 'DELETE', url: `/api/part/${added._id}` }, admin);
      assert.ok(!(await names('/api/parts?limit=10&q=pressure%20plate')).includes('Self-Adjusting Pressure Plate'));
    });

    test('search ignores case and accents: Bremsbelag and bremsbélag find both', async () => {
      for (const q of ['Bremsbelag', 'bremsbélag', 'BREMSBÉLAG']) {
        const found = await names(`/api/parts?limit=10&q=${encodeURIComponent(q)}`);
        assert.deepEqual([...found].sort(), ['Bremsbelag vorne', 'Bremsbélag hinten'], q);
      }
    });

    test('names rank first: a part with the word only in its description comes after', async () => {
      const found = await names('/api/parts?limit=50&q=brake');
      const wheel = found.indexOf('Wheel Cylinder');
      assert.ok(wheel > 0, `found by its description: ${found.join(', ')}`);
      for (const name of found.slice(0, wheel)) assert.match(name, /brake/i);
      for (const name of found.slice(wheel + 1)) assert.doesNotMatch(name, /brake/i);
      const res = await get('/api/parts?limit=2&q=brake');
      assert.equal(res.headers['x-total-count'], String(found.length));
    });

    test('inStock=true keeps parts with at least their minimum order available', async () => {
      const low = await addPart(t, await t.admin(), { name: 'Low Stock Gasket', available: 3, minimunOrder: 5 });
      const list = (await get('/api/parts?limit=100&inStock=true')).json() as Part[];
      assert.ok(list.every((p) => p.available >= p.minimunOrder));
      assert.ok(!list.some((p) => p._id === low._id));
      assert.ok(((await get('/api/parts?limit=100&inStock=false')).json() as Part[]).some((p) => p._id === low._id));
      await t.inject({ method: 'DELETE', url: `/api/part/${low._id}` }, await t.admin());
    });

    test('every bad parameter is a 400 with the error body, never a 500', async () => {
      const first = await get('/api/parts?limit=2&sort=name');
      const nameCursor = new URL(nextLink(first)!, 'http://x').searchParams.get('cursor')!;
      const searchFirst = await get('/api/parts?limit=2&q=brake');
      const searchCursor = new URL(nextLink(searchFirst)!, 'http://x').searchParams.get('cursor')!;
      const tampered = nameCursor.slice(0, 8) + (nameCursor[8] === 'A' ? 'B' : 'A') + nameCursor.slice(9);
      const bad = [
        ['limit=0', 'limit'],
        ['limit=1000', 'limit'],
        ['limit=101', 'limit'],
        ['limit=abc', 'limit'],
        ['limit=2.5', 'limit'],
        ['limit=-1', 'limit'],
        ['limit=2&cursor=not-one-of-ours', 'cursor'],
        ['limit=2&cursor=%24%24', 'cursor'],
        [`limit=2&cursor=${tampered}`, 'cursor'],
        [`limit=2&sort=price-asc&cursor=${nameCursor}`, 'cursor'],
        [`limit=2&cursor=${nameCursor}`, 'cursor'],
        [`limit=2&q=caliper&cursor=${searchCursor}`, 'cursor'],
        [`limit=2&q=brake&inStock=true&cursor=${searchCursor}`, 'cursor'],
        [`cursor=${nameCursor}&sort=name`, 'cursor'],
        ['sort=cheapest', 'sort'],
        ['limit=2&sort=', 'sort'],
        [`q=${'a'.repeat(201)}`, 'q'],
        ['inStock=yes', 'inStock'],
        ['inStock=1', 'inStock'],
      ];
      for (const [query, field] of bad) {
        const res = await get(`/api/parts?${query}`);
        assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
        const error = errorOf(res);
        assert.ok(error.fields?.[field!], `${query}: names the field ${field}: ${JSON.stringify(error)}`);
      }
      // The same cursor in its own list is fine.
      assert.equal((await get(`/api/parts?limit=2&sort=name&cursor=${nameCursor}`)).statusCode, 200);
      assert.equal((await get(`/api/parts?q=${'a'.repeat(200)}`)).statusCode, 200);
    });

    test('a page carries an ETag; 304 while unchanged, the new page after a change', async () => {
      const url = '/api/parts?limit=3&q=brake';
      const first = await get(url);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.headers['x-total-count'], first.headers['x-total-count']);
      const [top] = first.json() as Part[];
      await moveStock(t, top!._id, 1);
      const changed = await get(url, { 'if-none-match': etag });
      assert.equal(changed.statusCode, 200);
      assert.equal((changed.json() as Part[])[0]!.available, top!.available + 1);
    });

    // Issue 24: answered whole, such a list was a scan, a serialisation and a compression per
    // request (catalogue-bounds.test.ts pages one of 260 parts).
    test('filters and sorts without limit answer their first page of 100, with the paging headers', async () => {
      const res = await get('/api/parts?sort=price-asc');
      assert.equal(res.statusCode, 200);
      const total = (await all()).length;
      assert.equal(res.headers['x-total-count'], String(total));
      const prices = (res.json() as Part[]).map((p) => p.price);
      assert.deepEqual(
        prices,
        [...prices].sort((a, b) => a - b),
      );
      assert.equal(prices.length, Math.min(total, PAGE_LIMIT_MAX));
    });

    test('the OpenAPI document describes the parameters and headers', async () => {
      const doc = (await get('/api/docs/openapi.json')).json() as {
        paths: Record<
          string,
          {
            get?: {
              parameters?: { name: string; in: string }[];
              responses: Record<string, { headers?: Record<string, unknown> }>;
            };
          }
        >;
      };
      const op = doc.paths['/api/parts']!.get!;
      const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of ['limit', 'cursor', 'q', 'inStock', 'sort']) assert.ok(params.includes(name), name);
      assert.ok(op.responses['200']!.headers?.['X-Total-Count']);
      assert.ok(op.responses['200']!.headers?.['Link']);
    });
  });
}

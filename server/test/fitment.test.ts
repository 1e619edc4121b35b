import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { rowFits, type FitmentRow, type Part, type PartDetail, type Vehicle } from '@torque/contract';
import { sql } from 'drizzle-orm';
import { rowFitsSql } from '../src/modules/catalogue/fitment/fitment-sql.ts';
import { editPart } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, nextLink, type TestApp, type TestUser } from './helpers/test-app.ts';

const row = (
  make: string,
  model: string,
  yearFrom: number,
  yearTo: number,
  engine: string | null = null,
  note: string | null = null,
): FitmentRow => ({
  make,
  model,
  yearFrom,
  yearTo,
  engine,
  note,
});
const car = (make: string, model: string, year: number, engine: string | null = null): Vehicle => ({
  make,
  model,
  year,
  engine,
});

/** The rule's cases: the SQL filter and the contract's rowFits must say the same for each. */
const CASES: [FitmentRow, Vehicle][] = [
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Golf', 2013)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Golf', 2020)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Golf', 2012)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Golf', 2021)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('volkswagen', 'GOLF', 2016)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Polo', 2016)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Toyota', 'Golf', 2016)],
  [row('Volkswagen', 'Golf', 2013, 2020, '1.4 TSI'), car('Volkswagen', 'Golf', 2016, '1.4 tsi')],
  [row('Volkswagen', 'Golf', 2013, 2020, '1.4 TSI'), car('Volkswagen', 'Golf', 2016, '2.0 TDI')],
  [row('Volkswagen', 'Golf', 2013, 2020, '1.4 TSI'), car('Volkswagen', 'Golf', 2016)],
  [row('Volkswagen', 'Golf', 2013, 2020), car('Volkswagen', 'Golf', 2016, '2.0 TDI')],
  [row('Volkswagen', 'Golf', 2016, 2016), car('Volkswagen', 'Golf', 2016)],
  [row('Volkswagen', 'Golf', 2016, 2016, '1.4 TSI'), car('Volkswagen', 'Golf', 2017, '1.4 TSI')],
  [row('BMW', '3 Series', 2012, 2019), car('bmw', '3 series', 2019, '320d')],
];

for (const kind of databaseKinds()) {
  describe(`fitment (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
    const names = async (url: string) => {
      const res = await get(url);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as Part[]).map((p) => p.name);
    };
    const importCsv = async (csv: string, query = '', contentType = 'text/csv') =>
      t.inject(
        { method: 'POST', url: `/api/fitment/import${query}`, headers: { 'content-type': contentType }, payload: csv },
        admin,
      );
    const HEADER = 'partId,make,model,yearFrom,yearTo,engine,note';
    const ids: Record<string, string> = {};
    const detail = async (id: string) => (await get(`/api/parts/${id}`)).json() as PartDetail;

    /** Adds a part through the API as the admin; its id goes into `ids`. */
    const add = async (name: string, fields: Record<string, unknown>) => {
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/parts',
          payload: {
            name,
            des: `${name}.`,
            img: '/images/parts/x.svg',
            minimunOrder: 1,
            available: 10,
            price: 10,
            ...fields,
          },
        },
        admin,
      );
      assert.equal(res.statusCode, 201, res.body);
      ids[name] = (res.json() as PartDetail)._id;
      return res.json() as PartDetail;
    };

    before(async () => {
      // Its own makes, apart from the demo's: each list below is exactly what this suite wrote.
      t = await createTestApp(kind, { seed: false });
      admin = await t.admin();
      const disc = await add('Disc', { price: 30, fitment: [row('Zeta', 'Alpha', 2010, 2015, null, 'Front axle')] });
      assert.deepEqual(disc.fitment, [row('Zeta', 'Alpha', 2010, 2015, null, 'Front axle')]);
      assert.equal(disc.universal, false);
      await add('Belt 1.4', { price: 20, fitment: [row('Zeta', 'Alpha', 2012, 2018, '1.4 TSI')] });
      await add('Belt 2.0', { price: 25, fitment: [row('Zeta', 'Alpha', 2012, 2018, '2.0 TDI')] });
      await add('Pads', {
        price: 15,
        available: 0,
        fitment: [row('Zeta', 'Beta', 2000, 2005), row('Ypsilon', 'Gamma', 1999, 2001)],
      });
      await add('Plug', { price: 5, universal: true });
      await add('Mirror', { price: 50 });
    });
    after(() => t.close());

    test('a row fits from its first to its last year, not one outside', async () => {
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2010'), ['Disc', 'Plug']);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2015'), [
        'Disc',
        'Belt 1.4',
        'Belt 2.0',
        'Plug',
      ]);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2009'), ['Plug']);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2019'), ['Plug']);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2018'), ['Belt 1.4', 'Belt 2.0', 'Plug']);
    });

    test('an engine picks its rows; rows without one fit every engine', async () => {
      assert.deepEqual(await names('/api/parts?make=zeta&model=ALPHA&year=2013&engine=1.4%20tsi'), [
        'Disc',
        'Belt 1.4',
        'Plug',
      ]);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2013&engine=2.0%20TDI'), [
        'Disc',
        'Belt 2.0',
        'Plug',
      ]);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2013&engine='), [
        'Disc',
        'Belt 1.4',
        'Belt 2.0',
        'Plug',
      ]);
    });

    test('each listed part carries the rows that apply; a universal one none', async () => {
      const res = await get('/api/parts?make=Zeta&model=Alpha&year=2013&engine=1.4%20TSI');
      const list = res.json() as Part[];
      assert.deepEqual(
        list.map((p) => [p.name, p.universal, p.fits]),
        [
          ['Disc', false, [row('Zeta', 'Alpha', 2010, 2015, null, 'Front axle')]],
          ['Belt 1.4', false, [row('Zeta', 'Alpha', 2012, 2018, '1.4 TSI')]],
          ['Plug', true, []],
        ],
      );
      // Lists without a vehicle carry no `fits`; every part carries `universal`.
      const plain = (await get('/api/parts')).json() as Part[];
      assert.ok(plain.every((p) => !('fits' in p) && typeof p.universal === 'boolean'));
    });

    test('an unknown vehicle gets only the universal parts', async () => {
      assert.deepEqual(await names('/api/parts?make=Nobody&model=Nothing&year=2013'), ['Plug']);
    });

    test('the vehicle combines with q, inStock, sort and paging', async () => {
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2013&q=belt&sort=name'), [
        'Belt 1.4',
        'Belt 2.0',
      ]);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Beta&year=2001'), ['Pads', 'Plug']);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Beta&year=2001&inStock=true'), ['Plug']);
      assert.deepEqual(await names('/api/parts?make=Zeta&model=Alpha&year=2013&sort=price-desc'), [
        'Disc',
        'Belt 2.0',
        'Belt 1.4',
        'Plug',
      ]);
      const seen: string[] = [];
      const totals: string[] = [];
      let next: string | null = '/api/parts?make=Zeta&model=Alpha&year=2013&sort=price-asc&limit=1';
      while (next) {
        const res = await get(next);
        assert.equal(res.statusCode, 200, res.body);
        seen.push(...(res.json() as Part[]).map((p) => p.name));
        totals.push(String(res.headers['x-total-count']));
        next = nextLink(res);
        if (next) assert.match(next, /make=Zeta&model=Alpha&year=2013/);
        assert.ok(seen.length <= 4, 'the walk ends');
      }
      assert.deepEqual(seen, ['Plug', 'Belt 1.4', 'Belt 2.0', 'Disc']);
      assert.deepEqual(totals, ['4', '4', '4', '4']);
    });

    test("a cursor belongs to its vehicle: another vehicle's is a 400", async () => {
      const first = await get('/api/parts?make=Zeta&model=Alpha&year=2013&limit=1');
      const cursor = new URL(nextLink(first)!, 'http://x').searchParams.get('cursor')!;
      const other = await get(`/api/parts?make=Zeta&model=Alpha&year=2014&limit=1&cursor=${cursor}`);
      assert.equal(other.statusCode, 400);
      const plain = await get(`/api/parts?limit=1&cursor=${cursor}`);
      assert.equal(plain.statusCode, 400);
    });

    test('make, model and year come together; a year outside 1900..next year is a 400', async () => {
      const cases: [string, string[]][] = [
        ['make=Zeta', ['model', 'year']],
        ['make=Zeta&model=Alpha', ['year']],
        ['model=Alpha&year=2013', ['make']],
        ['engine=1.4', ['make']],
        ['make=Zeta&model=Alpha&year=1899', ['year']],
        [`make=Zeta&model=Alpha&year=${new Date().getUTCFullYear() + 2}`, ['year']],
        ['make=Zeta&model=Alpha&year=20x3', ['year']],
      ];
      for (const [query, fields] of cases) {
        const res = await get(`/api/parts?${query}`);
        assert.equal(res.statusCode, 400, query);
        assert.deepEqual(Object.keys(errorOf(res).fields ?? {}).sort(), fields, query);
      }
      const nextYear = await get(`/api/parts?make=Zeta&model=Alpha&year=${new Date().getUTCFullYear() + 1}`);
      assert.equal(nextYear.statusCode, 200);
    });

    test('the vehicle lists: what the rows cover, sorted; years newest first', async () => {
      const json = async (url: string) => {
        const res = await get(url);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['cache-control'], 'no-cache');
        const again = await get(url, { 'if-none-match': String(res.headers.etag) });
        assert.equal(again.statusCode, 304);
        return res.json();
      };
      assert.deepEqual(await json('/api/vehicles/makes'), ['Ypsilon', 'Zeta']);
      assert.deepEqual(await json('/api/vehicles/models?make=zeta'), ['Alpha', 'Beta']);
      assert.deepEqual(await json('/api/vehicles/models?make=Unknown'), []);
      assert.deepEqual(await json('/api/vehicles/years?make=Zeta&model=Beta'), [2005, 2004, 2003, 2002, 2001, 2000]);
      assert.deepEqual(await json('/api/vehicles/engines?make=Zeta&model=Alpha&year=2013'), ['1.4 TSI', '2.0 TDI']);
      assert.deepEqual(await json('/api/vehicles/engines?make=Zeta&model=Alpha&year=2011'), []);
      for (const bad of [
        '/api/vehicles/models',
        '/api/vehicles/years?make=Zeta',
        '/api/vehicles/engines?make=Zeta&model=Alpha&year=1800',
      ]) {
        const res = await get(bad);
        assert.equal(res.statusCode, 400, bad);
        errorOf(res);
      }
    });

    test('the part page has the whole fitment, ordered; an edit replaces it and moves the ETag', async () => {
      const id = ids['Pads']!;
      const before = await get(`/api/parts/${id}`);
      assert.deepEqual((before.json() as PartDetail).fitment, [
        row('Ypsilon', 'Gamma', 1999, 2001),
        row('Zeta', 'Beta', 2000, 2005),
      ]);
      const edited = await editPart(t, id, { fitment: [row('Zeta', 'Beta', 2000, 2006)], universal: false });
      assert.equal(edited.statusCode, 200, edited.body);
      const after = await get(`/api/parts/${id}`);
      assert.deepEqual((after.json() as PartDetail).fitment, [row('Zeta', 'Beta', 2000, 2006)]);
      assert.notEqual(after.headers.etag, before.headers.etag);
      assert.equal(edited.headers.etag, after.headers.etag);
      assert.deepEqual(await get('/api/vehicles/makes').then((r) => r.json()), ['Zeta']);
      // The old ETag is stale now: an edit sent with it is refused, the fitment stays.
      const stale = await t.inject(
        {
          method: 'PUT',
          url: `/api/parts/${id}`,
          payload: { fitment: [] },
          headers: { 'if-match': String(before.headers.etag) },
        },
        admin,
      );
      assert.equal(stale.statusCode, 412);
      assert.equal((await detail(id)).fitment.length, 1);
      const badRow = await editPart(t, id, { fitment: [row('Zeta', 'Beta', 2006, 2000)] });
      assert.equal(badRow.statusCode, 400);
      assert.equal((await detail(id)).fitment.length, 1);
    });

    test('a deleted part takes its rows with it', async () => {
      const gone = await add('Doomed', {});
      const put = await editPart(t, gone._id, { fitment: [row('Xi', 'Delta', 2000, 2001)] });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(await get('/api/vehicles/makes').then((r) => r.json()), ['Xi', 'Zeta']);
      assert.equal((await t.inject({ method: 'DELETE', url: `/api/part/${gone._id}` }, admin)).statusCode, 200);
      assert.deepEqual(await get('/api/vehicles/makes').then((r) => r.json()), ['Zeta']);
    });

    describe('the SQL filter and rowFits agree', () => {
      for (const [i, [r, v]] of CASES.entries()) {
        test(`case ${i}: ${JSON.stringify(r)} for ${JSON.stringify(v)}`, async () => {
          const db = t.db.database.db;
          const { rows } = await db.execute<{ fits: boolean }>(sql`
            select exists (select 1 from (values (${r.make}::text, ${r.model}::text, ${r.yearFrom}::smallint,
              ${r.yearTo}::smallint, ${r.engine}::text)) as f(make, model, year_from, year_to, engine)
            where ${rowFitsSql(v)}) as fits`);
          assert.equal(Boolean(rows[0]!.fits), rowFits(r, v));
        });
      }
    });

    describe('CSV import', () => {
      const line = (name: string, rest: string) => `${ids[name]},${rest}`;

      test('a dry run reports each bad line by its number and changes nothing', async () => {
        const before = await detail(ids['Mirror']!);
        const csv = [
          HEADER,
          line('Mirror', 'Omega,One,2001,2003,,'),
          line('Mirror', 'Omega,One,2005,2003,,'),
          `00000000-0000-4000-8000-000000000000,Omega,One,2001,2003,,`,
          'not-an-id,Omega,One,2001,2003,,',
          line('Mirror', ',One,2001,2003,,'),
          '',
          line('Mirror', 'Omega,One,1899,2003,,'),
          line('Mirror', 'Omega,One,2001'),
          line('Mirror', '"Omega, the make",One,2001,2003,"V6, 3.0","Note with ""quotes"""'),
        ].join('\n');
        const res = await importCsv(csv, '?dryRun=true');
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json(), {
          valid: 2,
          errorCount: 6,
          errors: [
            { line: 3, message: 'Year from must not be after Year to' },
            { line: 4, message: 'No part with id 00000000-0000-4000-8000-000000000000' },
            { line: 5, message: 'partId must be a part id' },
            { line: 6, message: 'Make is required' },
            { line: 8, message: 'Year from must be between 1900 and ' + (new Date().getUTCFullYear() + 1) },
            { line: 9, message: 'Expected 7 fields (partId,make,model,yearFrom,yearTo,engine,note), found 4' },
          ],
        });
        assert.deepEqual(await detail(ids['Mirror']!), before);
        // The same file for real: 422 with the same body, and still nothing applied.
        const refused = await importCsv(csv);
        assert.equal(refused.statusCode, 422);
        const { error, ...check } = refused.json() as { error: unknown };
        assert.deepEqual(check, res.json());
        assert.deepEqual(error, { code: 'IMPORT_REFUSED', message: '6 lines were refused; nothing was imported' });
        assert.deepEqual(await detail(ids['Mirror']!), before);
      });

      test('a good file replaces the fitment of each part it names, all at once, and again the same', async () => {
        const csv = [
          HEADER,
          line('Mirror', '"Omega, the make",One,2001,2003,"V6, 3.0","Note with ""quotes"""'),
          line('Mirror', 'Omega,Two,2010,2012,,'),
          line('Disc', 'Omega,Two,2011,2011,,'),
        ].join('\r\n');
        const etag = (await get(`/api/parts/${ids['Disc']}`)).headers.etag;
        for (let round = 0; round < 2; round++) {
          const res = await importCsv(csv);
          assert.equal(res.statusCode, 200, res.body);
          assert.deepEqual(res.json(), { applied: 3 });
          assert.deepEqual((await detail(ids['Mirror']!)).fitment, [
            row('Omega', 'Two', 2010, 2012),
            row('Omega, the make', 'One', 2001, 2003, 'V6, 3.0', 'Note with "quotes"'),
          ]);
          assert.deepEqual((await detail(ids['Disc']!)).fitment, [row('Omega', 'Two', 2011, 2011)]);
        }
        // Parts the file does not name keep theirs; the imported ones' edit version moved.
        assert.equal((await detail(ids['Belt 1.4']!)).fitment.length, 1);
        assert.notEqual((await get(`/api/parts/${ids['Disc']}`)).headers.etag, etag);
        assert.deepEqual(await names('/api/parts?make=omega&model=two&year=2011'), ['Disc', 'Plug', 'Mirror']);
      });

      test('header, content type and size', async () => {
        const wrongHeader = await importCsv('partId,make,model\nx,y,z');
        assert.equal(wrongHeader.statusCode, 400);
        assert.match(errorOf(wrongHeader).message, /partId,make,model,yearFrom,yearTo,engine,note/);
        assert.equal((await importCsv('')).statusCode, 400);
        const json = await importCsv(JSON.stringify({ partId: ids['Disc'] }), '', 'application/json');
        assert.equal(json.statusCode, 415);
        assert.equal(errorOf(json).code, 'UNSUPPORTED_MEDIA_TYPE');
        assert.equal((await importCsv(HEADER, '', 'text/plain')).statusCode, 415);
        assert.equal((await importCsv(HEADER, '?dryRun=maybe')).statusCode, 400);
        const empty = await importCsv(HEADER);
        assert.deepEqual([empty.statusCode, empty.json()], [200, { applied: 0 }]);
        // Larger than the app's 1 MiB, within the route's own limit.
        const many = [
          HEADER,
          ...Array.from({ length: 30_000 }, (_, i) => line('Pads', `Big,Car ${i % 50},2000,2010,,A note long enough`)),
        ];
        const big = await importCsv(many.join('\n'), '?dryRun=true');
        assert.equal(big.statusCode, 200, big.body.slice(0, 200));
        assert.ok(many.join('\n').length > 1024 * 1024);
        assert.deepEqual(big.json(), { valid: 30_000, errors: [], errorCount: 0 });
      });

      test('a file of garbage answers the first 100 errors and their count', async () => {
        const csv = [HEADER, ...Array.from({ length: 500 }, () => 'x,y')].join('\n');
        const res = await importCsv(csv, '?dryRun=true');
        const body = res.json() as { valid: number; errors: { line: number }[]; errorCount: number };
        assert.equal(body.valid, 0);
        assert.equal(body.errorCount, 500);
        assert.equal(body.errors.length, 100);
        assert.equal(body.errors[99]!.line, 101);
      });
    });

    describe('garage', () => {
      test('a customer keeps up to 5 vehicles of their own', async () => {
        const ann = await t.signUp('ann@torque.test');
        const bob = await t.signUp('bob@torque.test');
        const put = (as: TestUser, payload: object) => t.inject({ method: 'PUT', url: '/api/garage', payload }, as);
        const mine = (as: TestUser) => t.inject({ method: 'GET', url: '/api/garage' }, as);
        assert.deepEqual((await mine(ann)).json(), []);
        const five = [2016, 2015, 2014, 2013, 2012].map((year) => ({
          make: ' Volkswagen ',
          model: 'Golf',
          year: String(year),
          engine: '',
        }));
        const saved = await put(ann, five);
        assert.equal(saved.statusCode, 200, saved.body);
        const expected = [2016, 2015, 2014, 2013, 2012].map((year) => car('Volkswagen', 'Golf', year));
        assert.deepEqual(saved.json(), expected);
        assert.deepEqual((await mine(ann)).json(), expected);
        assert.deepEqual((await mine(bob)).json(), [], "another customer's garage is not theirs");
        const six = await put(ann, [...five, five[0]]);
        assert.equal(six.statusCode, 400);
        assert.deepEqual((await mine(ann)).json(), expected);
        assert.equal((await put(ann, [{ make: 'VW', model: 'Golf', year: 1800 }])).statusCode, 400);
        assert.deepEqual((await put(bob, [car('Ford', 'Focus', 2015, '1.0 EcoBoost')])).json(), [
          car('Ford', 'Focus', 2015, '1.0 EcoBoost'),
        ]);
        assert.deepEqual((await mine(ann)).json(), expected);
        assert.equal((await t.inject({ method: 'GET', url: '/api/garage' })).statusCode, 401);
      });
    });
  });
}

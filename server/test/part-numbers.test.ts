import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CROSS_REFERENCE_IMPORT_MAX_LINES,
  looksLikePartNumber,
  normalisePartNumber,
  type Order,
  type Part,
  type PartDetail,
} from '@torque/contract';
import { sql } from 'drizzle-orm';
import { addPart, placeOrder } from '@torque/testkit';
import { indexWords } from '../src/modules/catalogue/search/lexicon.ts';
import { editDistance, wordsFor } from '../src/modules/catalogue/search/words.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/** PRODUCT.md §17: part numbers, cross-references, supersession, search by number, the typo rule. */

const HEADER = 'partNumber,kind,brand,number';

/** Spellings of one number and its normal form (case, spaces, dashes, dots and slashes ignored). */
const NORMAL_FORMS: [string, string][] = [
  ['1K0 698 151', '1K0698151'],
  ['1k0-698-151', '1K0698151'],
  ['1K0.698.151', '1K0698151'],
  [' 1K0/698/151 ', '1K0698151'],
  ['bp-4471', 'BP4471'],
  ['BP 4471', 'BP4471'],
  ['0 986 494 550', '0986494550'],
  ['09.C422.13', '09C42213'],
  ['HU 7020 z', 'HU7020Z'],
  ['GDB1550', 'GDB1550'],
  ['A–B—C', 'ABC'],
];

describe('part numbers: the normal form and what looks like a number', () => {
  test('normalisePartNumber ignores case, spaces, dashes, dots and slashes', () => {
    for (const [written, normal] of NORMAL_FORMS) assert.equal(normalisePartNumber(written), normal, written);
  });

  test('a text looks like a number when every word of it holds a digit', () => {
    for (const q of ['BP-4471', '1K0 698 151', 'GDB1550', '0 986 494 550', '09.C422.13'])
      assert.equal(looksLikePartNumber(q), true, q);
    for (const q of ['bosch 0986494', 'brake pad', 'iridium', '', 'BP-4471!'])
      assert.equal(looksLikePartNumber(q), false, q);
  });

  test('the edit distance counts a swap of neighbours as one edit, and stops past its bound', () => {
    assert.equal(editDistance('iirdium', 'iridium', 2), 1);
    assert.equal(editDistance('iridum', 'iridium', 2), 1);
    assert.equal(editDistance('turbocahrjer', 'turbocharger', 2), 2);
    assert.equal(editDistance('tuxbocxaxger', 'turbocharger', 2), 3);
    assert.deepEqual(wordsFor('spar', ['spark', 'spa', 'sparta', 'spur']), ['spark', 'sparta']);
  });

  test('the indexed lexicon answers what a scan of every word does, typos of every kind included', () => {
    // A lexicon of real words and generated codes (a seeded generator: the same words every run),
    // and searches of each: as written, a prefix, and one or two edits of every kind.
    let seed = 26;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const letters = 'abcdefghijklmnopqrstuvwxyzéü0123456789';
    const word = (length: number) => Array.from({ length }, () => letters[next(letters.length)]).join('');
    const lexicon = [
      ...['turbocharger', 'alternator', 'radiator', 'iridium', 'spark', 'sparta', 'brake', 'break', 'bake', 'a', 'ab'],
      ...Array.from({ length: 2000 }, () => word(2 + next(11))),
    ];
    const edit = (w: string) => {
      const i = next(w.length + 1);
      const c = letters[next(letters.length)]!;
      return [
        w.slice(0, i) + c + w.slice(i), // insertion
        w.slice(0, i) + w.slice(i + 1), // deletion
        w.slice(0, i) + c + w.slice(i + 1), // substitution
        w.slice(0, i) + w.slice(i + 1, i + 2) + w.slice(i, i + 1) + w.slice(i + 2), // swap
      ][next(4)]!;
    };
    const index = indexWords(lexicon);
    for (let i = 0; i < 300; i++) {
      const w = lexicon[next(lexicon.length)]!;
      for (const term of [w, w.slice(0, 1 + next(w.length)), edit(w), edit(edit(w)), word(1 + next(12))])
        assert.deepEqual(index.wordsFor(term), wordsFor(term, lexicon), term);
    }
  });
});

/**
 * The typo table (PRODUCT.md §17): a search, a seeded part it must find (or, with `!`, must not).
 * 5–8 letters: within one edit (insertion, deletion, substitution, transposition); 9 or more:
 * within two; 4 or fewer: exact or as a prefix.
 */
const TYPOS: [string, string, 'finds' | 'misses'][] = [
  // 5–8 letters, one edit of each kind
  ['iridum spark', 'Spark Plug Iridium', 'finds'],
  ['irridium', 'Spark Plug Iridium', 'finds'],
  ['iridiun', 'Spark Plug Iridium', 'finds'],
  ['iirdium', 'Spark Plug Iridium', 'finds'],
  ['brkae', 'Ceramic Brake Pad Set', 'finds'],
  ['brakr', 'Ceramic Brake Pad Set', 'finds'],
  ['clucth', 'Clutch Kit 240 mm', 'finds'],
  ['fitler', 'Oil Filter Cartridge', 'finds'],
  ['filtre', 'Oil Filter Cartridge', 'finds'],
  ['wheeel', 'Wheel Bearing Hub', 'finds'],
  ['injecter', 'Fuel Injector', 'finds'],
  ['injectro', 'Fuel Injector', 'finds'],
  ['ceramik', 'Ceramic Brake Pad Set', 'finds'],
  ['timming', 'Timing Belt Kit', 'finds'],
  ['radiater', 'Radiator Core (Aluminium)', 'finds'],
  ['coilovr', 'Shock Absorber (Gas) Coilover', 'finds'],
  ['absorbre', 'Shock Absorber (Gas) Coilover', 'finds'],
  ['aluminum', 'Radiator Core (Aluminium)', 'finds'],
  // 9 or more letters, up to two edits
  ['turbocharjer', 'Ball-Bearing Turbocharger TQ-45', 'finds'],
  ['turbocahrjer', 'Ball-Bearing Turbocharger TQ-45', 'finds'],
  ['alternatr', 'Alternator 14V 150A', 'finds'],
  ['alternattorr', 'Alternator 14V 150A', 'finds'],
  ['ventlated', 'Ventilated Brake Disc 320 mm', 'finds'],
  ['ventilatde', 'Ventilated Brake Disc 320 mm', 'finds'],
  ['cartirdge', 'Oil Filter Cartridge', 'finds'],
  // 4 or fewer: exact or a prefix
  ['spar', 'Spark Plug Iridium', 'finds'],
  ['disc', 'Ventilated Brake Disc 320 mm', 'finds'],
  ['clut', 'Clutch Kit 240 mm', 'finds'],
  ['disk', 'Ventilated Brake Disc 320 mm', 'misses'],
  ['hbu', 'Wheel Bearing Hub', 'misses'],
  ['plgu', 'Spark Plug Iridium', 'misses'],
  ['whel', 'Wheel Bearing Hub', 'misses'],
  // Past the rule
  ['irdum', 'Spark Plug Iridium', 'misses'],
  ['clutxx', 'Clutch Kit 240 mm', 'misses'],
  ['ceramxx', 'Ceramic Brake Pad Set', 'misses'],
  ['tuxbocxaxger', 'Ball-Bearing Turbocharger TQ-45', 'misses'],
];

for (const kind of databaseKinds()) {
  describe(`part numbers (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    const get = (url: string, as?: TestUser) => t.inject({ method: 'GET', url }, as);
    const search = async (q: string) => {
      const res = await get(`/api/parts?limit=20&q=${encodeURIComponent(q)}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as Part[];
    };
    const seeded = async (partNumber: string) =>
      ((await get('/api/parts')).json() as Part[]).find((p) => p.partNumber === partNumber)!;
    const importCsv = (csv: string, query = '', contentType = 'text/csv', as: TestUser | null = admin) =>
      t.inject(
        {
          method: 'POST',
          url: `/api/parts/cross-references/import${query}`,
          headers: { 'content-type': contentType },
          payload: csv,
        },
        as,
      );
    const post = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/parts', payload }, admin);
    const product = (fields: Record<string, unknown> = {}) => ({
      name: 'Numbered Part',
      des: 'A part with numbers.',
      img: '/images/parts/x.svg',
      minimunOrder: 1,
      available: 10,
      price: 10,
      ...fields,
    });
    const put = async (id: string, payload: Record<string, unknown>) => {
      const opened = await get(`/api/parts/${id}`);
      return t.inject(
        { method: 'PUT', url: `/api/parts/${id}`, payload, headers: { 'if-match': String(opened.headers.etag) } },
        admin,
      );
    };

    before(async () => {
      t = await createTestApp(kind);
      admin = await t.admin();
      alice = await t.signUp('alice-numbers@torque.test', 'Alice');
    });
    after(() => t.close());

    test("the database's normal form is the contract's", async () => {
      for (const [written, normal] of NORMAL_FORMS) {
        const { rows } = await t.db.database.db.execute<{ n: string }>(sql`select part_number_normal(${written}) as n`);
        assert.equal(rows[0]!.n, normal, written);
      }
    });

    test('every part answer carries its number, brand, cross-references and successor', async () => {
      const pads = await seeded('BP-4471');
      assert.equal(pads.name, 'Ceramic Brake Pad Set');
      assert.equal(pads.brand, 'Torque Parts');
      assert.deepEqual(pads.replacedBy, null);
      assert.deepEqual(
        pads.crossReferences.find((r) => r.kind === 'oe'),
        { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' },
      );
      const old = await seeded('BP-4470');
      assert.deepEqual(old.replacedBy, { _id: pads._id, partNumber: 'BP-4471' });
      const one = (await get(`/api/parts/${old._id}`)).json() as PartDetail;
      assert.deepEqual(one.replacedBy, { _id: pads._id, partNumber: 'BP-4471' });
      const page = (await get('/api/parts?limit=100')).json() as Part[];
      assert.ok(page.every((p) => p.partNumber && p.brand && Array.isArray(p.crossReferences)));
    });

    test('an exact own, OE, competitor or replaced number ranks its part first and says what matched', async () => {
      const cases: [string, Part['matchedBy']][] = [
        ['BP-4471', { kind: 'number', brand: 'Torque Parts', number: 'BP-4471' }],
        ['bp 4471', { kind: 'number', brand: 'Torque Parts', number: 'BP-4471' }],
        ['1k0-698-151', { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' }],
        ['1K0 698 151', { kind: 'oe', brand: 'Volkswagen', number: '1K0 698 151' }],
        ['GDB1550', { kind: 'competitor', brand: 'TRW', number: 'GDB1550' }],
        ['BP-4460', { kind: 'replaces', brand: 'Torque Parts', number: 'BP-4460' }],
      ];
      for (const [q, matchedBy] of cases) {
        const [first] = await search(q);
        assert.equal(first?.partNumber, 'BP-4471', q);
        assert.deepEqual(first.matchedBy, matchedBy, q);
      }
      // Another brand's number, found by its own number first.
      const [spark] = await search('ILZKR7B11');
      assert.equal(spark?.name, 'Spark Plug Iridium');
      assert.deepEqual(spark.matchedBy, { kind: 'competitor', brand: 'NGK', number: 'ILZKR7B11' });
    });

    test('a number one character off finds nothing by number: numbers are never typo-corrected', async () => {
      for (const q of ['BP-4472', 'BP-4417', 'GDB1551', '1K0 698 152', 'ILZKR7B12', 'bp 4481']) {
        const found = await search(q);
        assert.deepEqual(
          found.map((p) => p.partNumber),
          [],
          q,
        );
      }
      const byNumber = await get('/api/parts/by-number/BP-4472');
      assert.equal(byNumber.statusCode, 404);
    });

    test('words and numbers combine: bosch 0986494 finds the pads by the start of their Bosch number', async () => {
      const [first, ...rest] = await search('bosch 0986494');
      assert.equal(first?.partNumber, 'BP-4471');
      assert.deepEqual(first.matchedBy, { kind: 'competitor', brand: 'Bosch', number: '0 986 494 550' });
      assert.deepEqual(rest, []);
      // A word that is neither in the text nor the brand of the matched number: nothing.
      assert.deepEqual(await search('bilstein 0986494'), []);
      // A word and an exact number: the number's part first, with the word matched in its text.
      const [pads] = await search('ceramic GDB1550');
      assert.equal(pads?.partNumber, 'BP-4471');
    });

    test('the typo table: words of 5–8 letters within one edit, 9 or more within two, 4 or fewer exact or prefix', async () => {
      assert.ok(TYPOS.length >= 30);
      for (const [q, name, expected] of TYPOS) {
        const names = (await search(q)).map((p) => p.name);
        if (expected === 'finds') assert.ok(names.includes(name), `${q} should find ${name}: ${names.join(', ')}`);
        else assert.ok(!names.includes(name), `${q} should not find ${name}: ${names.join(', ')}`);
      }
      assert.equal((await search('ceramik brake'))[0]?.name, 'Ceramic Brake Pad Set');
    });

    test('a new part without a number gets the next of the series and the shop brand; numbers are unique', async () => {
      const first = await post(product({ name: 'Series Part A' }));
      const second = await post(product({ name: 'Series Part B' }));
      assert.equal(first.statusCode, 201, first.body);
      const a = first.json() as PartDetail;
      const b = second.json() as PartDetail;
      assert.match(a.partNumber, /^TP-\d{5,}$/);
      assert.match(b.partNumber, /^TP-\d{5,}$/);
      assert.notEqual(a.partNumber, b.partNumber);
      assert.equal(a.brand, 'Torque Parts');
      assert.deepEqual(a.crossReferences, []);
      assert.equal(a.replacedBy, null);

      // The same number in another spelling: 409 naming the field, nothing stored.
      const taken = await post(product({ name: 'Taken', partNumber: 'bp 4471' }));
      assert.equal(taken.statusCode, 409, taken.body);
      assert.equal(errorOf(taken).code, 'PART_NUMBER_TAKEN');
      assert.ok(errorOf(taken).fields?.partNumber);
      assert.equal((await search('Taken')).length, 0);
      const renamed = await put(a._id, { partNumber: 'VKBA-6556' });
      assert.equal(renamed.statusCode, 200, 'a cross-reference of another part is not an own number');
      const clash = await put(b._id, { partNumber: 'vkba 6556' });
      assert.equal(clash.statusCode, 409, clash.body);
      assert.equal(errorOf(clash).code, 'PART_NUMBER_TAKEN');
    });

    test('the admin sets number, brand, cross-references and successor; per-row errors name the row', async () => {
      const created = await post(
        product({
          name: 'Front Wiper Blade',
          partNumber: 'WB-0650',
          brand: 'Torque Parts Pro',
          crossReferences: [
            { kind: 'oe', brand: 'Audi', number: '8W1 955 425' },
            { kind: 'competitor', brand: 'Bosch', number: '3 397 007 555' },
          ],
        }),
      );
      assert.equal(created.statusCode, 201, created.body);
      const wiper = created.json() as PartDetail;
      assert.equal(wiper.partNumber, 'WB-0650');
      assert.equal(wiper.brand, 'Torque Parts Pro');
      assert.equal(wiper.crossReferences.length, 2);
      assert.equal((await search('8W1955425'))[0]?._id, wiper._id);

      const bad = await post(
        product({
          name: 'Bad rows',
          crossReferences: [
            { kind: 'oe', brand: 'Audi', number: '8W1 955 426' },
            { kind: 'dealer', brand: 'Audi', number: '1' },
            { kind: 'oe', brand: '', number: 'X$1' },
          ],
        }),
      );
      assert.equal(bad.statusCode, 400, bad.body);
      const fields = errorOf(bad).fields ?? {};
      assert.ok(fields['crossReferences.1.kind'], JSON.stringify(fields));
      assert.ok(fields['crossReferences.2.brand'] || fields['crossReferences.2.number'], JSON.stringify(fields));
      const twice = await post(
        product({
          name: 'Twice',
          crossReferences: [
            { kind: 'oe', brand: 'Audi', number: '8W1 955 427' },
            { kind: 'oe', brand: 'Audi', number: '8w1-955-427' },
          ],
        }),
      );
      assert.equal(twice.statusCode, 400, twice.body);
      assert.ok(errorOf(twice).fields?.['crossReferences.1.number']);

      // The successor: by any spelling of its number; unknown or itself is a 400 on replacedBy.
      const replaced = await put(wiper._id, { replacedBy: 'bp-4471' });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.deepEqual((replaced.json() as PartDetail).replacedBy?.partNumber, 'BP-4471');
      const unknown = await put(wiper._id, { replacedBy: 'NO-0000' });
      assert.equal(unknown.statusCode, 400);
      assert.ok(errorOf(unknown).fields?.replacedBy);
      const itself = await put(wiper._id, { replacedBy: 'WB-0650' });
      assert.equal(itself.statusCode, 400);
      const current = await put(wiper._id, { replacedBy: null, crossReferences: [] });
      assert.equal(current.statusCode, 200, current.body);
      assert.equal((current.json() as PartDetail).replacedBy, null);
      assert.deepEqual((current.json() as PartDetail).crossReferences, []);
      assert.deepEqual(await search('8W1955425'), []);
    });

    test('GET /api/parts/by-number: the part (public), 301 to the successor, 404, 400', async () => {
      const pads = await seeded('BP-4471');
      const own = await get('/api/parts/by-number/bp-4471');
      assert.equal(own.statusCode, 200, own.body);
      assert.equal((own.json() as PartDetail)._id, pads._id);
      assert.deepEqual((own.json() as PartDetail).matchedBy, {
        kind: 'number',
        brand: 'Torque Parts',
        number: 'BP-4471',
      });
      assert.ok(Array.isArray((own.json() as PartDetail).fitment));
      const oe = await get(`/api/parts/by-number/${encodeURIComponent('1K0 698 151')}`, alice);
      assert.equal(oe.statusCode, 200);
      assert.equal((oe.json() as PartDetail).matchedBy?.kind, 'oe');
      const moved = await get('/api/parts/by-number/BP-4470');
      assert.equal(moved.statusCode, 301, moved.body);
      assert.equal(moved.headers.location, '/api/parts/by-number/BP-4471');
      assert.deepEqual(moved.json(), {
        _id: (await seeded('BP-4470'))._id,
        partNumber: 'BP-4470',
        replacedBy: { _id: pads._id, partNumber: 'BP-4471' },
      });
      // The address takes no encoded slash (plain-path rule, docs/SECURITY.md): a number's slashes
      // are left out, as the normal form ignores them anyway.
      assert.equal((await get(`/api/parts/by-number/${encodeURIComponent('09.C422/13')}`)).statusCode, 404);
      const unslashed = await get('/api/parts/by-number/09.C42213');
      assert.equal(unslashed.statusCode, 200, unslashed.body);
      assert.deepEqual((unslashed.json() as PartDetail).matchedBy, {
        kind: 'competitor',
        brand: 'Brembo',
        number: '09.C422.13',
      });
      assert.equal((await get('/api/parts/by-number/ZZ-9999')).statusCode, 404);
      const bad = await get(`/api/parts/by-number/${encodeURIComponent('bp$4471')}`);
      assert.equal(bad.statusCode, 400, bad.body);
    });

    test('GET /api/parts/by-number answers what GET /api/parts/:id does, the oldest part on a tie, and every change', async () => {
      const first = await post(
        product({
          partNumber: 'BN-0001',
          crossReferences: [{ kind: 'oe', brand: 'Ford', number: 'XS4J 2K021 AA' }],
          fitment: [{ make: 'Ford', model: 'Focus', yearFrom: 2004, yearTo: 2010, engine: null, note: 'Front' }],
        }),
      );
      assert.equal(first.statusCode, 201, first.body);
      const second = await post(
        product({ partNumber: 'BN-0002', crossReferences: [{ kind: 'oe', brand: 'Ford', number: 'xs4j2k021aa' }] }),
      );
      assert.equal(second.statusCode, 201, second.body);
      const { _id: id } = first.json() as PartDetail;
      const byOe = async () => (await get(`/api/parts/by-number/${encodeURIComponent('XS4J-2K021-AA')}`)).json();
      // The same part, field for field, as its own address answers it; fitment included.
      const { matchedBy, ...rest } = (await byOe()) as PartDetail;
      assert.deepEqual(rest, (await get(`/api/parts/${id}`)).json());
      assert.deepEqual(matchedBy, { kind: 'oe', brand: 'Ford', number: 'XS4J 2K021 AA' });
      assert.equal(rest.fitment.length, 1);
      // Asked again after an edit and after a stock move: the new answer, not the one cached.
      assert.equal((await put(id, { name: 'Renamed Numbered Part' })).statusCode, 200);
      assert.equal(((await byOe()) as PartDetail).name, 'Renamed Numbered Part');
      await placeOrder(t, alice, id, 1);
      assert.equal(((await byOe()) as PartDetail).available, 9);
      // The oldest part no longer has the number: the other one answers.
      assert.equal((await put(id, { crossReferences: [] })).statusCode, 200);
      assert.equal(((await byOe()) as PartDetail).partNumber, 'BN-0002');
    });

    test('orders copy the number at placement: the answer and the CSV export', async () => {
      const part = await addPart(t, admin, { available: 50, minimunOrder: 1, partNumber: 'OR-1001' });
      const order: Order = await placeOrder(t, alice, part._id, 2);
      assert.equal(order.partNumber, 'OR-1001');
      const renamed = await put(part._id, { partNumber: 'OR-1002' });
      assert.equal(renamed.statusCode, 200);
      const mine = (await get(`/api/order/${order._id}`, alice)).json() as Order;
      assert.equal(mine.partNumber, 'OR-1001');
      const csv = (await get('/api/orders/export.csv', admin)).body;
      assert.match(csv.split('\r\n')[0]!, /Part,Part number,/);
      assert.ok(
        csv.split('\r\n').some((line) => line.startsWith(order._id) && line.includes(',OR-1001,')),
        csv,
      );
    });

    describe('POST /api/parts/cross-references/import', () => {
      test('a dry run answers valid lines and refused ones by line number, and changes nothing', async () => {
        const csv = [
          HEADER,
          'BP-4471,oe,Seat,6R0 698 151',
          'NO-SUCH,oe,Seat,12',
          'TB-3015,dealer,Seat,1234',
          'TB-3015,oe,,1234',
          'TB-3015,oe,Seat',
          'TB-3015,competitor,Contitech,"CT 1028 K2"',
        ].join('\n');
        const res = await importCsv(csv, '?dryRun=true');
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json() as { valid: number; errors: { line: number; message: string }[] };
        assert.equal(body.valid, 2);
        assert.deepEqual(
          body.errors.map((e) => e.line),
          [3, 4, 5, 6],
        );
        assert.match(body.errors[0]!.message, /No part with number NO-SUCH/);
        assert.deepEqual(await search('6R0698151'), []);
        // Of many refused lines, the first hundred in line order, and how many in all.
        const many = await importCsv(`${HEADER}\n${'NO-SUCH,oe,Seat,12\nx\n'.repeat(125)}`, '?dryRun=true');
        const check = many.json() as { errors: { line: number }[]; errorCount: number };
        assert.equal(check.errorCount, 250);
        assert.deepEqual(
          check.errors.map((e) => e.line),
          Array.from({ length: 100 }, (_, i) => i + 2),
        );
      });

      test('a real run with a refused line is a 422 and applies nothing', async () => {
        const res = await importCsv([HEADER, 'BP-4471,oe,Seat,6R0 698 151', 'NO-SUCH,oe,Seat,12'].join('\n'));
        assert.equal(res.statusCode, 422, res.body);
        assert.equal(errorOf(res).code, 'IMPORT_REFUSED');
        assert.equal((res.json() as { errors: unknown[] }).errors.length, 1);
        assert.deepEqual(await search('6R0698151'), []);
      });

      test('a real run adds every line; the same file twice leaves the same references', async () => {
        const csv = [
          HEADER,
          'BP-4471,oe,Seat,6R0 698 151',
          'bp 4471,competitor,Textar,2360701',
          'TB-3015,competitor,Contitech,"CT 1028 K2"',
        ].join('\r\n');
        const first = await importCsv(csv);
        assert.equal(first.statusCode, 200, first.body);
        assert.deepEqual(first.json(), { applied: 3 });
        const once = (await seeded('BP-4471')).crossReferences;
        const again = await importCsv(csv);
        assert.deepEqual(again.json(), { applied: 3 });
        assert.deepEqual((await seeded('BP-4471')).crossReferences, once);
        const [found] = await search('6R0-698-151');
        assert.equal(found?.partNumber, 'BP-4471');
        assert.deepEqual(found.matchedBy, { kind: 'oe', brand: 'Seat', number: '6R0 698 151' });
        assert.equal((await search('ct1028k2'))[0]?.partNumber, 'TB-3015');
      });

      test("a part's lines out of order, between other parts', and a number repeated: each reference once, the last spelling kept", async () => {
        const csv = [
          HEADER,
          'BP-4471,oe,VW,ZZ 900',
          'TB-3015,competitor,Gates,ZZ 777',
          'BP-4471,competitor,Zimmermann,ZZ 300',
          'BP-4471,oe,Audi,AA 100',
          'TB-3015,competitor,Gates,ZZ-777',
          'BP-4471,competitor,Zimmermann,zz.300',
          'BP-4471,competitor,Ate,ZZ 200',
        ].join('\n');
        const res = await importCsv(csv);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json(), { applied: 7 });
        const refs = (await seeded('BP-4471')).crossReferences.filter((r) => /^(zz|aa)/i.test(r.number));
        assert.deepEqual(refs, [
          { kind: 'oe', brand: 'Audi', number: 'AA 100' },
          { kind: 'oe', brand: 'VW', number: 'ZZ 900' },
          { kind: 'competitor', brand: 'Ate', number: 'ZZ 200' },
          { kind: 'competitor', brand: 'Zimmermann', number: 'zz.300' },
        ]);
        const other = (await seeded('TB-3015')).crossReferences.filter((r) => /^zz/i.test(r.number));
        assert.deepEqual(other, [{ kind: 'competitor', brand: 'Gates', number: 'ZZ-777' }]);
      });

      test('brands with quotes, backslashes, commas, a tab, a control character and non-ASCII are stored as sent', async () => {
        const brands = [
          'Bosch "Pro", Ltd',
          'Back\\slash \\"x\\"',
          'Tab\there',
          'Bell\u0007x',
          'Ünïcode Ł 🚗',
          '{NULL}',
        ];
        const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
        const csv = [HEADER, ...brands.map((b, i) => `BP-4471,competitor,${quoted(b)},QB ${100 + i}`)].join('\n');
        const res = await importCsv(csv);
        assert.equal(res.statusCode, 200, res.body);
        const stored = (await seeded('BP-4471')).crossReferences.filter((r) => r.number.startsWith('QB '));
        assert.deepEqual(stored.map((r) => r.brand).sort(), [...brands].sort());
      });

      test('an import moves the edit version of the parts it changes and no other; the same file again moves none', async () => {
        const version = async (partNumber: string) => {
          const part = await seeded(partNumber);
          const res = await get(`/api/parts/${part._id}`);
          return { updatedAt: part.updatedAt, tag: String(res.headers.etag).split('.')[0] };
        };
        const [pads, plugs] = [await version('AL-1450'), await version('SP-2260')];
        // One reference twice in normal form: the last spelling is the one kept.
        const csv = [HEADER, 'AL-1450,oe,Audi,8V0 915 105', 'al 1450,oe,Audi AG,8v0-915-105'].join('\n');
        assert.deepEqual((await importCsv(csv)).json(), { applied: 2 });
        const moved = await version('AL-1450');
        assert.ok(Date.parse(moved.updatedAt) > Date.parse(pads.updatedAt), 'the changed part moves');
        assert.notEqual(moved.tag, pads.tag);
        assert.deepEqual(await version('SP-2260'), plugs, 'a part the file does not name keeps its version');
        const refs = (await seeded('AL-1450')).crossReferences;
        assert.deepEqual(
          refs.filter((r) => r.kind === 'oe' && r.number.toUpperCase().startsWith('8V0')),
          [{ kind: 'oe', brand: 'Audi AG', number: '8v0-915-105' }],
        );
        // The same file again changes nothing, so an admin's open form stays current.
        assert.deepEqual((await importCsv(csv)).json(), { applied: 2 });
        assert.deepEqual(await version('AL-1450'), moved);
        assert.deepEqual((await seeded('AL-1450')).crossReferences, refs);
        // A new spelling of the same number is a change: the row is updated and the version moves.
        assert.deepEqual((await importCsv([HEADER, 'AL-1450,oe,Audi AG,8V0.915.105'].join('\n'))).json(), {
          applied: 1,
        });
        const respelt = await version('AL-1450');
        assert.ok(Date.parse(respelt.updatedAt) > Date.parse(moved.updatedAt));
        assert.deepEqual(
          (await seeded('AL-1450')).crossReferences.filter((r) => r.number.toUpperCase().startsWith('8V0')),
          [{ kind: 'oe', brand: 'Audi AG', number: '8V0.915.105' }],
        );
      });

      test('415 for another media type, 400 without the header, 401/403 for others', async () => {
        const json = await importCsv(JSON.stringify([{ partNumber: 'BP-4471' }]), '', 'application/json');
        assert.equal(json.statusCode, 415, json.body);
        const plain = await importCsv(`${HEADER}\n`, '', 'text/plain');
        assert.equal(plain.statusCode, 415);
        const noHeader = await importCsv('BP-4471,oe,Seat,1\n');
        assert.equal(noHeader.statusCode, 400, noHeader.body);
        assert.ok(errorOf(noHeader).fields?.header);
        assert.equal((await importCsv(`${HEADER}\n`, '?dryRun=true', 'text/csv', null)).statusCode, 401);
        assert.equal((await importCsv(`${HEADER}\n`, '?dryRun=true', 'text/csv', alice)).statusCode, 403);
        const badQuery = await importCsv(`${HEADER}\n`, '?dryRun=yes');
        assert.equal(badQuery.statusCode, 400);
      });

      test(`more than ${CROSS_REFERENCE_IMPORT_MAX_LINES.toLocaleString('en')} lines is a 400, read only to the cap`, async () => {
        // Lines the parser refuses cheaply: the file is refused at the line past the cap, and of a
        // million refused lines the answer would keep a hundred (lib/csv-import.ts).
        const over = await importCsv(
          `${HEADER}\n${'x\n'.repeat(CROSS_REFERENCE_IMPORT_MAX_LINES + 1)}`,
          '?dryRun=true',
        );
        assert.equal(over.statusCode, 400, over.body.slice(0, 300));
        assert.match(errorOf(over).message, /at most 1,000,000 lines/);
      });
    });
  });
}

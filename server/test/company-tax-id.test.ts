import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { REVERSE_CHARGE_NOTE, type Company, type Part, type TaxQuote } from '@torque/contract';
import { addPart, eventually, type FakeVies } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { databaseKinds } from './helpers/databases.ts';
import { errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';
import { createCompaniesRepository } from '../src/modules/companies/companies-repository.ts';
import { closeViesApp, openViesApp } from './helpers/vies-app.ts';

/**
 * A company's tax number after creation (PRODUCT.md §24): `PUT /api/companies/:id` changes the
 * name and the number (checked with VIES as at creation, through its local stand-in), and an
 * `unverified` number is re-checked in the background as a person's is (§21), safe with two
 * instances (the claim's SKIP LOCKED and lease) and never given an old number's answer.
 */

const PARIS = {
  name: 'Marie C',
  line1: '1 rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  phone: '+33 1 1',
};
const SELLER = { SHOP_COUNTRY: 'DE', SHOP_TAX_ID: 'DE136695976', VIES_TIMEOUT_MS: '2000' };
const FR_VALID = 'FR40303265045';
const NL_NUMBER = 'NL004495445B01';

function steps(get: () => { t: TestApp; admin: TestUser }) {
  const h = {
    async create(name: string, taxId?: string): Promise<Company> {
      const res = await get().t.inject(
        { method: 'POST', url: '/api/companies', payload: { name, taxId } },
        get().admin,
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    },
    edit: (id: string, payload: unknown, as: TestUser | null = get().admin) =>
      get().t.inject({ method: 'PUT', url: `/api/companies/${id}`, payload: payload as object }, as),
    async read(id: string): Promise<Company> {
      const res = await get().t.inject({ method: 'GET', url: `/api/companies/${id}` }, get().admin);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
    async attach(companyId: string, who: TestUser, role: 'admin' | 'buyer') {
      const res = await get().t.inject(
        { method: 'PUT', url: `/api/companies/${companyId}/members/${who.email}`, payload: { role } },
        get().admin,
      );
      assert.equal(res.statusCode, 200, res.body);
    },
    /** A member with a Paris address and one part of `price` in the cart: their quote. */
    async memberQuote(member: TestUser, part: Part): Promise<TaxQuote> {
      const t = get().t;
      const cart = await t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: part._id, quantity: 1 }] } },
        member,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      const res = await t.inject({ method: 'GET', url: '/api/tax/quote' }, member);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
    async memberWithAddress(email: string): Promise<TestUser> {
      const member = await get().t.signUp(email);
      const res = await get().t.inject({ method: 'POST', url: '/api/addresses', payload: PARIS }, member);
      assert.equal(res.statusCode, 201, res.body);
      return member;
    },
  };
  return h;
}

for (const kind of databaseKinds()) {
  describe(`a company's tax number: edit and the claim (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let vies: FakeVies;
    const h = steps(() => ({ t, admin }));
    before(async () => {
      // The background re-check stays out of the way: the claim test drives it by hand.
      ({ t, admin, vies } = await openViesApp(kind, { ...SELLER, VIES_RECHECK_POLL_MS: '3600000' }));
    });
    after(() => closeViesApp({ t, admin, vies }));

    test('a shop admin changes the name and the number; the same valid number is kept without asking VIES', async () => {
      vies.answer(FR_VALID, 'valid');
      vies.answer(NL_NUMBER, 'valid');
      const created = await h.create('Edit Fleet', 'FR 40 303 265 045');
      assert.equal(created.taxIdStatus, 'valid');

      const res = await h.edit(created._id, { name: '  Edit Fleet BV ', taxId: 'nl 0044.95445-b01', members: [] });
      assert.equal(res.statusCode, 200, res.body);
      const edited: Company = res.json();
      assert.deepEqual(
        [edited.name, edited.taxId, edited.taxIdStatus, edited.taxIdCountry],
        ['Edit Fleet BV', NL_NUMBER, 'valid', 'NL'],
      );
      assert.deepEqual(await h.read(created._id), edited);

      // The same number again, VIES away: kept valid, VIES not asked.
      vies.setMode('down');
      const asked = vies.requests.length;
      const same = await h.edit(created._id, { name: 'Edit Fleet B.V.', taxId: 'NL 004495445 B01' });
      assert.equal(same.statusCode, 200, same.body);
      assert.deepEqual(
        [same.json().name, same.json().taxId, same.json().taxIdStatus],
        ['Edit Fleet B.V.', NL_NUMBER, 'valid'],
      );
      assert.equal(vies.requests.length, asked, 'VIES was not asked');
      vies.setMode(null);

      // Another kind of number: kept, unverified, nobody asked; null (or '') removes it.
      const ein = await h.edit(created._id, { name: 'Edit Fleet B.V.', taxId: '12-3456789' });
      // No EU country: no VAT number, so nothing will check it (the page says "Not checked").
      assert.deepEqual(
        [ein.json().taxId, ein.json().taxIdStatus, ein.json().taxIdCountry],
        ['12-3456789', 'unverified', null],
      );
      for (const taxId of [null, '']) {
        const none = await h.edit(created._id, { name: 'Edit Fleet B.V.', taxId });
        assert.equal(none.statusCode, 200, none.body);
        assert.deepEqual([none.json().taxId, none.json().taxIdStatus, none.json().taxIdCountry], [null, null, null]);
      }
    });

    test('bad input is a 400 with the error shape naming the field, and changes nothing', async () => {
      vies.answer(FR_VALID, 'valid');
      const company = await h.create('Steady Co', FR_VALID);
      const before = await h.read(company._id);
      const asked = vies.requests.length;
      const cases: [unknown, string][] = [
        [{ name: 'Steady Co', taxId: 'FR12' }, 'taxId'],
        [{ name: 'Steady Co', taxId: 'DE123' }, 'taxId'],
        [{ name: 'Steady Co', taxId: 5 }, 'taxId'],
        [{ name: 'Steady Co', taxId: 'x'.repeat(31) }, 'taxId'],
        [{ name: 'Steady Co' }, 'taxId'],
        [{ name: '', taxId: FR_VALID }, 'name'],
        [{ name: 'x'.repeat(121), taxId: FR_VALID }, 'name'],
        [{ taxId: FR_VALID }, 'name'],
      ];
      for (const [payload, field] of cases) {
        const res = await h.edit(company._id, payload);
        assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
        const error = errorOf(res);
        assert.ok(error.fields?.[field], `${JSON.stringify(payload)} names ${field}: ${res.body}`);
      }
      assert.equal(vies.requests.length, asked, 'a malformed number asks nobody');
      assert.deepEqual(await h.read(company._id), before);
    });

    test('who may edit: anonymous 401, a buyer and a company admin 403, a shop admin 200; unknown id 404', async () => {
      const company = await h.create('Guarded Co');
      const other = await h.create('Other Guarded Co');
      const boss = await t.signUp('boss@guarded.test');
      const buyer = await t.signUp('buyer@guarded.test');
      const stranger = await t.signUp('stranger@guarded.test');
      await h.attach(company._id, boss, 'admin');
      await h.attach(company._id, buyer, 'buyer');
      const payload = { name: 'Taken Over', taxId: '12-3456789' };
      assert.equal((await h.edit(company._id, payload, null)).statusCode, 401);
      for (const who of [buyer, boss, stranger]) {
        const res = await h.edit(company._id, payload, who);
        assert.equal(res.statusCode, 403, `${who.email}: ${res.body}`);
        assert.equal((await h.edit(other._id, payload, who)).statusCode, 403);
      }
      const unchanged = await h.read(company._id);
      assert.deepEqual([unchanged.name, unchanged.taxId], ['Guarded Co', null]);

      const ghost = await h.edit('00000000-0000-4000-8000-000000000000', payload);
      assert.equal(ghost.statusCode, 404, ghost.body);
      assert.equal((await h.edit('not-an-id', payload)).statusCode, 400);
      const ok = await h.edit(company._id, payload);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await h.read(other._id)).name, 'Other Guarded Co', 'the other company is untouched');
    });

    test('the re-check claims a company for one instance at a time; a dead claimer’s lease runs out; a changed number is never overwritten', async () => {
      vies.setMode('down');
      const company = await h.create('Claim Co');
      const edit = await h.edit(company._id, { name: 'Claim Co', taxId: FR_VALID });
      assert.equal(edit.json().taxIdStatus, 'unverified');
      vies.setMode(null);
      const db = t.db.database.db;
      await db.execute(
        sql`update companies set tax_id_next_check_at = now() - interval '1 second' where id = ${company._id}::uuid`,
      );
      // Two instances' repositories on one database.
      const [a, b] = [createCompaniesRepository(t.app.db), createCompaniesRepository(t.app.db)];
      const [first, second] = await Promise.all([a.claimDueTaxIds(10, 60_000), b.claimDueTaxIds(10, 60_000)]);
      const claims = [...first, ...second].filter((c) => c.key === company._id);
      assert.deepEqual(
        claims.map((c) => [c.taxId, c.attempts]),
        [[FR_VALID, 1]],
        'exactly one instance took it',
      );
      assert.equal((await b.claimDueTaxIds(10, 60_000)).filter((c) => c.key === company._id).length, 0, 'leased');
      // "kill -9": nobody resolves it; once the lease ends another instance takes it again.
      await db.execute(
        sql`update companies set tax_id_claimed_until = now() - interval '1 millisecond' where id = ${company._id}::uuid`,
      );
      const again = (await b.claimDueTaxIds(10, 60_000)).filter((c) => c.key === company._id);
      assert.deepEqual(
        again.map((c) => c.attempts),
        [2],
      );

      // While it is claimed the shop admin changes the number (VIES away again: unverified).
      vies.setMode('down');
      const changed = await h.edit(company._id, { name: 'Claim Co', taxId: NL_NUMBER });
      assert.equal(changed.json().taxIdStatus, 'unverified');
      vies.setMode(null);
      // The claimer's late answers for the old number change nothing.
      await b.resolveTaxId(company._id, FR_VALID, 'valid');
      await b.rescheduleTaxId(company._id, FR_VALID, 3_600_000);
      const seen = await h.read(company._id);
      assert.deepEqual([seen.taxId, seen.taxIdStatus], [NL_NUMBER, 'unverified']);
      const { rows } = await db.execute<{ attempts: number; claimed: boolean; due: boolean }>(sql`
        select tax_id_attempts as "attempts", tax_id_claimed_until is not null as "claimed",
          tax_id_next_check_at <= now() + interval '1 minute' as "due"
        from companies where id = ${company._id}::uuid`);
      assert.deepEqual(
        { ...rows[0], attempts: Number(rows[0]?.attempts) },
        { attempts: 0, claimed: false, due: true },
        'the new number starts its own re-check',
      );
      // Its own answer does resolve it.
      await db.execute(
        sql`update companies set tax_id_next_check_at = now() - interval '1 second' where id = ${company._id}::uuid`,
      );
      const mine = (await a.claimDueTaxIds(10, 60_000)).filter((c) => c.key === company._id);
      assert.deepEqual(
        mine.map((c) => c.taxId),
        [NL_NUMBER],
      );
      await a.resolveTaxId(company._id, NL_NUMBER, 'invalid');
      assert.equal((await h.read(company._id)).taxIdStatus, 'invalid');
    });
  });

  describe(`a company's tax number: the background re-check (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let vies: FakeVies;
    const h = steps(() => ({ t, admin }));
    before(async () => {
      ({ t, admin, vies } = await openViesApp(kind, {
        ...SELLER,
        VIES_RECHECK_POLL_MS: '100',
        VIES_RETRY_BASE_MS: '50',
      }));
    });
    after(() => closeViesApp({ t, admin, vies }));

    test('VIES down at the edit: unverified and members pay VAT; VIES back: the re-check makes it valid and the next quote is reverse charge', async () => {
      const company = await h.create('Recheck Fleet');
      const member = await h.memberWithAddress('member@recheck.fr');
      await h.attach(company._id, member, 'buyer');
      const part = await addPart(t, admin, { price: 100, available: 100 });

      for (const mode of ['down', 'busy'] as const) {
        vies.setMode(mode);
        const res = await h.edit(company._id, { name: 'Recheck Fleet', taxId: 'FR 40 303 265 045' });
        assert.equal(res.statusCode, 200, `${mode}: ${res.body}`);
        assert.deepEqual([res.json().taxId, res.json().taxIdStatus], [FR_VALID, 'unverified'], mode);
      }
      const taxed = await h.memberQuote(member, part);
      assert.equal(taxed.taxIdStatus, 'unverified');
      assert.deepEqual(taxed.tax, { lines: [{ rate: 20, net: 100, tax: 20 }], total: 20, note: null });

      // VIES comes back: the job (every 100 ms here, backing off from 50 ms) checks again.
      vies.setMode(null);
      vies.answer(FR_VALID, 'valid');
      await eventually('the re-check to mark the company’s number valid', async () => {
        return (await h.read(company._id)).taxIdStatus === 'valid';
      });
      const next = await h.memberQuote(member, part);
      assert.equal(next.taxIdStatus, 'valid');
      assert.deepEqual(next.tax, { lines: [{ rate: 0, net: 100, tax: 0 }], total: 0, note: REVERSE_CHARGE_NOTE });
    });
  });
}

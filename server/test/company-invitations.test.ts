import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Company, CompanyInvitation, MyCompany, Order } from '@torque/contract';
import { INVITATION_TTL_DAYS } from '@torque/contract';
import { addPart, payWithSandbox, placeOrder } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { databaseKinds } from './helpers/databases.ts';
import { recipients, startSmtp, type SmtpCapture } from './helpers/smtp-capture.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 30 (PRODUCT.md "Companies"): a company admin invites buyers by e-mail (single use,
 * expires), removes members; members see the company's orders and read each other's orders and
 * invoices, outsiders keep their 403/404.
 */
for (const kind of databaseKinds()) {
  describe(`company invitations and orders (${kind})`, () => {
    let smtp: SmtpCapture;
    let t: TestApp;
    let admin: TestUser;
    let boss: TestUser;
    let company: Company;
    let seq = 0;
    before(async () => {
      smtp = await startSmtp();
      t = await createTestApp(kind, {
        seed: false,
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '200', PUBLIC_URL: 'http://shop.test:3000' },
      });
      admin = await t.admin();
      boss = await t.signUp('boss@depot.test', 'Bea Boss');
      company = await createCompany('Depot Fleet', boss, 'admin');
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    async function createCompany(name: string, member: TestUser, role: 'admin' | 'buyer'): Promise<Company> {
      const res = await t.inject({ method: 'POST', url: '/api/companies', payload: { name } }, admin);
      assert.equal(res.statusCode, 201, res.body);
      const c: Company = res.json();
      const put = await t.inject(
        { method: 'PUT', url: `/api/companies/${c._id}/members/${member.email}`, payload: { role } },
        admin,
      );
      assert.equal(put.statusCode, 200, put.body);
      return c;
    }
    const invite = (email: string, as: TestUser = boss) =>
      t.inject({ method: 'POST', url: '/api/company/invitations', payload: { email } }, as);
    const accept = (token: string, as: TestUser) =>
      t.inject({ method: 'POST', url: '/api/company/invitations/accept', payload: { token } }, as);
    const isTo = (address: string) => (m: ParsedMail) =>
      recipients(m).includes(address) && /invites you/.test(m.subject ?? '');
    /** Invites the address and reads the token from the e-mail's link. */
    async function invitedToken(email: string, as: TestUser = boss): Promise<string> {
      const res = await invite(email, as);
      assert.equal(res.statusCode, 201, res.body);
      const mail = await smtp.waitFor(isTo(email), 15_000, `invitation to ${email}`);
      const link = /http:\/\/shop\.test:3000\/invitations\/accept\?[^\s"<]+/.exec(mail.text ?? '')?.[0];
      assert.ok(link, mail.text);
      return new URL(link).searchParams.get('token')!;
    }
    const fresh = (stem: string) => `${stem}-${++seq}@depot.test`;
    const mine = async (as: TestUser) => t.inject({ method: 'GET', url: '/api/company' }, as);

    test('a new account signs up through the link and joins as a buyer; the link works once', async () => {
      const email = fresh('newbie');
      const token = await invitedToken(email);
      const { rows } = await t.db.database.db.execute<{ token_hash: string; expires_in: number }>(
        sql`select token_hash, extract(epoch from expires_at - created_at)::int as expires_in
            from company_invitations where email = ${email}`,
      );
      assert.equal(rows.length, 1);
      assert.notEqual(rows[0]!.token_hash, token, 'only a hash of the token is kept');
      assert.equal(Number(rows[0]!.expires_in), INVITATION_TTL_DAYS * 24 * 3600);
      const pending: CompanyInvitation[] = (
        await t.inject({ method: 'GET', url: '/api/company/invitations' }, boss)
      ).json();
      assert.ok(pending.some((p) => p.email === email));

      const newbie = await t.signUp(email, 'Nia Newbie');
      const res = await accept(token, newbie);
      assert.equal(res.statusCode, 200, res.body);
      const joined: MyCompany = res.json();
      assert.equal(joined._id, company._id);
      assert.equal(joined.role, 'buyer');
      assert.ok(joined.members.some((m) => m.email === email && m.role === 'buyer'));
      assert.equal(((await mine(newbie)).json() as MyCompany)._id, company._id);

      const again = await accept(token, newbie);
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(errorOf(again).code, 'INVITATION_USED');
      const stillPending: CompanyInvitation[] = (
        await t.inject({ method: 'GET', url: '/api/company/invitations' }, boss)
      ).json();
      assert.ok(!stillPending.some((p) => p.email === email), 'an accepted invitation is no longer pending');
    });

    test('an existing account accepts; wrong account 403, unknown token 404, expired 409', async () => {
      const email = fresh('existing');
      const existing = await t.signUp(email, 'Eve Existing');
      const token = await invitedToken(email);

      const other = await t.signUp(fresh('other'));
      const wrong = await accept(token, other);
      assert.equal(wrong.statusCode, 403, wrong.body);
      assert.equal(errorOf(wrong).code, 'INVITATION_FOR_ANOTHER_ACCOUNT');
      assert.equal((await mine(other)).statusCode, 404, 'the wrong account joined nothing');

      const unknown = await accept('no-such-token', existing);
      assert.equal(unknown.statusCode, 404, unknown.body);

      assert.equal((await accept(token, existing)).statusCode, 200);

      const lateEmail = fresh('late');
      const late = await t.signUp(lateEmail);
      const lateToken = await invitedToken(lateEmail);
      await t.db.database.db.execute(
        sql`update company_invitations set expires_at = now() - interval '1 second' where email = ${lateEmail}`,
      );
      const expired = await accept(lateToken, late);
      assert.equal(expired.statusCode, 409, expired.body);
      assert.equal(errorOf(expired).code, 'INVITATION_EXPIRED');
      assert.equal((await mine(late)).statusCode, 404);
    });

    test('someone in another company gets 409 IN_ANOTHER_COMPANY and stays where they are', async () => {
      const email = fresh('taken');
      const taken = await t.signUp(email);
      const elsewhere = await createCompany('Elsewhere Ltd', taken, 'buyer');
      const token = await invitedToken(email);
      const res = await accept(token, taken);
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(errorOf(res).code, 'IN_ANOTHER_COMPANY');
      assert.equal(((await mine(taken)).json() as MyCompany)._id, elsewhere._id);
      const { rows } = await t.db.database.db.execute<{ accepted_at: string | null }>(
        sql`select accepted_at from company_invitations where email = ${email}`,
      );
      assert.equal(rows[0]?.accepted_at, null, 'the refused accept used nothing up');
    });

    test('two accepts of one token at once: exactly one wins', async () => {
      const email = fresh('racer');
      const racer = await t.signUp(email);
      const token = await invitedToken(email);
      const answers = await Promise.all([accept(token, racer), accept(token, racer), accept(token, racer)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      assert.deepEqual(statuses, [200, 409, 409], answers.map((a) => a.body).join('\n'));
      for (const a of answers.filter((x) => x.statusCode === 409)) assert.equal(errorOf(a).code, 'INVITATION_USED');
    });

    test('only company admins invite: a buyer 403, no company 404, anonymous 401, a member 409', async () => {
      const email = fresh('buyer');
      const buyer = await t.signUp(email);
      await accept(await invitedToken(email), buyer);
      const asBuyer = await invite(fresh('x'), buyer);
      assert.equal(asBuyer.statusCode, 403, asBuyer.body);
      assert.equal((await t.inject({ method: 'GET', url: '/api/company/invitations' }, buyer)).statusCode, 403);
      const loner = await t.signUp(fresh('loner'));
      assert.equal((await invite(fresh('y'), loner)).statusCode, 404);
      assert.equal((await invite(fresh('z'), null as unknown as TestUser)).statusCode, 401);
      const member = await invite(email);
      assert.equal(member.statusCode, 409, member.body);
      assert.equal(errorOf(member).code, 'ALREADY_MEMBER');
      for (const bad of [{}, { email: 'not-an-email' }, { email: 42 }, { email: `${'a'.repeat(260)}@x.test` }]) {
        const res = await t.inject({ method: 'POST', url: '/api/company/invitations', payload: bad }, boss);
        assert.equal(res.statusCode, 400, JSON.stringify(bad));
      }
      for (const bad of [{}, { token: '' }, { token: 'a b' }, { token: 'x'.repeat(201) }]) {
        const res = await t.inject({ method: 'POST', url: '/api/company/invitations/accept', payload: bad }, buyer);
        assert.equal(res.statusCode, 400, JSON.stringify(bad));
      }
    });

    test('a company admin removes members of their own company; another company 404; last admin 409', async () => {
      const email = fresh('leaver');
      const leaver = await t.signUp(email);
      await accept(await invitedToken(email), leaver);
      const outsiderEmail = fresh('outside');
      const outsider = await t.signUp(outsiderEmail);
      await createCompany('Other Works', outsider, 'buyer');

      const del = (who: string, as: TestUser = boss) =>
        t.inject({ method: 'DELETE', url: `/api/company/members/${who}` }, as);
      assert.equal((await del(outsiderEmail)).statusCode, 404, "another company's member");
      assert.equal((await mine(outsider)).statusCode, 200, 'still in their company');
      assert.equal((await del(email, leaver)).statusCode, 403, 'a buyer removes nobody');
      const last = await del(boss.email);
      assert.equal(last.statusCode, 409, last.body);
      assert.equal(errorOf(last).code, 'LAST_ADMIN');
      const res = await del(email.toUpperCase());
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(!(res.json() as MyCompany).members.some((m) => m.email === email));
      assert.equal((await mine(leaver)).statusCode, 404);
      assert.equal((await del(email)).statusCode, 404, 'gone already');
    });

    test('GET /api/companies pages opt-in by name: X-Total-Count, Link rel=next, a cursor needs limit', async () => {
      const whole: Company[] = (await t.inject({ method: 'GET', url: '/api/companies' }, admin)).json();
      assert.ok(whole.length >= 2);
      const seen: string[] = [];
      let url: string | null = '/api/companies?limit=1';
      while (url) {
        const res = await t.inject({ method: 'GET', url }, admin);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['x-total-count'], String(whole.length));
        seen.push(...(res.json() as Company[]).map((c) => c._id));
        const next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
        url = next ? new URL(next, 'http://x').pathname + new URL(next, 'http://x').search : null;
      }
      assert.deepEqual(
        seen,
        whole.map((c) => c._id),
        'the pages, in order, are the whole list',
      );
      assert.equal((await t.inject({ method: 'GET', url: '/api/companies?cursor=abc' }, admin)).statusCode, 400);
      assert.equal((await t.inject({ method: 'GET', url: '/api/companies?limit=0' }, admin)).statusCode, 400);
    });

    test("members see the company's orders and read each other's orders and invoices; outsiders do not", async () => {
      const aEmail = fresh('ann');
      const bEmail = fresh('ben');
      const ann = await t.signUp(aEmail, 'Ann');
      const ben = await t.signUp(bEmail, 'Ben');
      await accept(await invitedToken(aEmail), ann);
      await accept(await invitedToken(bEmail), ben);
      const stranger = await t.signUp(fresh('stranger'));
      const part = await addPart(t, admin, { name: 'Fleet Filter', minimunOrder: 1, available: 100, price: 7.25 });

      const first = await placeOrder(t, ann, part._id, 2);
      const { confirm } = await payWithSandbox(t, ann, first._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const second = await placeOrder(t, ben, part._id, 3);
      const strangers = await placeOrder(t, stranger, part._id, 1);

      const list = await t.inject({ method: 'GET', url: '/api/company/orders' }, ben);
      assert.equal(list.statusCode, 200, list.body);
      const ids = (list.json() as Order[]).map((o) => o._id);
      assert.deepEqual(ids.slice(0, 2), [second._id, first._id], 'newest first');
      assert.ok(!ids.includes(strangers._id));

      const page1 = await t.inject({ method: 'GET', url: '/api/company/orders?limit=1' }, boss);
      assert.equal(page1.statusCode, 200, page1.body);
      assert.equal((page1.json() as Order[])[0]?._id, second._id);
      assert.equal(page1.headers['x-total-count'], String(ids.length));
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(page1.headers.link))?.[1];
      assert.ok(next, String(page1.headers.link));
      const page2 = await t.inject(
        { method: 'GET', url: new URL(next, 'http://x').pathname + new URL(next, 'http://x').search },
        boss,
      );
      assert.equal((page2.json() as Order[])[0]?._id, first._id);
      assert.equal((await t.inject({ method: 'GET', url: '/api/company/orders?cursor=abc' }, boss)).statusCode, 400);
      assert.equal((await t.inject({ method: 'GET', url: '/api/company/orders' }, stranger)).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: '/api/company/orders' }, null)).statusCode, 401);

      for (const reader of [ben, boss]) {
        const one = await t.inject({ method: 'GET', url: `/api/order/${first._id}` }, reader);
        assert.equal(one.statusCode, 200, one.body);
        const pdf = await t.inject({ method: 'GET', url: `/api/order/${first._id}/invoice.pdf` }, reader);
        assert.equal(pdf.statusCode, 200, pdf.body);
        assert.equal(pdf.headers['content-type'], 'application/pdf');
      }
      // Read-only: cancelling or paying another member's order stays the owner's.
      const cancel = await t.inject({ method: 'DELETE', url: `/api/order/${second._id}` }, ann);
      assert.equal(cancel.statusCode, 403, cancel.body);
      const pay = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: second._id } },
        ann,
      );
      assert.equal(pay.statusCode, 403, pay.body);

      // Outsiders keep exactly what they had.
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${first._id}` }, stranger)).statusCode, 403);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/order/${first._id}/invoice.pdf` }, stranger)).statusCode,
        403,
      );
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/order/${first._id}/credit-notes/CN-2026-000001.pdf` }, stranger))
          .statusCode,
        404,
      );
      // The stranger's own order stays theirs: members do not read it.
      assert.equal((await t.inject({ method: 'GET', url: `/api/order/${strangers._id}` }, ben)).statusCode, 403);
    });
  });
}

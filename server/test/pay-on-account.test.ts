import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { creditLimitRefusal, type Company, type CompanyCredit, type Order, type Profile } from '@torque/contract';
import { addPart } from '@torque/testkit';
import { sql } from 'drizzle-orm';
import { stockOf } from './helpers/commerce.ts';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Pay on account (issue 30, PRODUCT.md §26) through HTTP: a company's buyers check out on its
 * terms within its credit limit (409 CREDIT_LIMIT, nothing placed, when over it; exactly one of
 * two concurrent checkouts that together pass it), the order is invoiced when placed with its
 * terms, PO and due date, a shop admin records the payment, and an overdue invoice is reminded
 * once a week (the clock moved by `app.remindOverdue(at)`).
 */
const CONTACT = { phone: '+1 555 0100', address: '1 Main St, Springfield' };
const DAY = 86_400_000;

for (const kind of databaseKinds()) {
  describe(`pay on account (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    let colleague: TestUser;
    let outsider: TestUser;
    let noTermsBuyer: TestUser;
    let fleet: Company;

    const json = <T>(res: { json(): unknown }) => res.json() as T;
    const createCompany = async (name: string): Promise<Company> => {
      const res = await t.inject({ method: 'POST', url: '/api/companies', payload: { name } }, admin);
      assert.equal(res.statusCode, 201, res.body);
      return res.json();
    };
    const attach = async (companyId: string, email: string, role = 'buyer') => {
      const res = await t.inject(
        { method: 'PUT', url: `/api/companies/${companyId}/members/${email}`, payload: { role } },
        admin,
      );
      assert.equal(res.statusCode, 200, res.body);
    };
    const setTerms = async (companyId: string, netDays: number | null, creditLimit: number | null) => {
      const res = await t.inject(
        { method: 'PUT', url: `/api/companies/${companyId}/terms`, payload: { netDays, creditLimit } },
        admin,
      );
      assert.equal(res.statusCode, 200, res.body);
    };
    const setCart = async (as: TestUser, lines: { partId: string; quantity: number }[]) => {
      const res = await t.inject({ method: 'PUT', url: '/api/cart', payload: { lines } }, as);
      assert.equal(res.statusCode, 200, res.body);
    };
    const checkout = (as: TestUser | null, extra: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: '/api/checkout', payload: { ...CONTACT, ...extra } }, as);
    const credit = async (as: TestUser): Promise<CompanyCredit> => {
      const res = await t.inject({ method: 'GET', url: '/api/company/credit' }, as);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const recordPayment = (id: string, as: TestUser | null, payload: Record<string, unknown> = {}) =>
      t.inject({ method: 'POST', url: `/api/order/${id}/record-payment`, payload }, as);
    const rows = async <T>(text: string): Promise<T[]> =>
      ((await t.db.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    const orderCount = async () => Number((await rows<{ n: number }>('select count(*)::int as n from orders'))[0]!.n);
    const reminders = async (orderId: string) =>
      Number(
        (
          await rows<{ n: number }>(
            `select count(*)::int as n from mail_outbox where template = 'payment-reminder' and payload->>'orderId' = '${orderId}'`,
          )
        )[0]!.n,
      );
    /** Settles every open on-account order of the fleet, so each test starts with its whole credit. */
    const settleAll = async () => {
      const open = await rows<{ id: string }>(
        `select id from orders where payment_method = 'account' and paid_at is null and refunded_at is null`,
      );
      for (const { id } of open) assert.equal((await recordPayment(id, admin)).statusCode, 200);
    };

    before(async () => {
      t = await createTestApp(kind, { seed: false, env: { ORDER_HOLD_MINUTES: '60' } });
      admin = await t.admin();
      buyer = await t.signUp('buyer@fleet.test', 'Bea Buyer');
      colleague = await t.signUp('colleague@fleet.test', 'Cole League');
      outsider = await t.signUp('outsider@nowhere.test');
      noTermsBuyer = await t.signUp('buyer@cash-only.test');
      fleet = await createCompany('Northline Fleet');
      await attach(fleet._id, buyer.email, 'admin');
      await attach(fleet._id, colleague.email);
      await setTerms(fleet._id, 30, 100);
      const cashOnly = await createCompany('Cash Only Garage');
      await attach(cashOnly._id, noTermsBuyer.email);
    });
    after(() => t.close());

    test("GET /api/user's company says who may pay on account: role and terms, null terms or no company", async () => {
      await setTerms(fleet._id, 30, 100);
      const companyOf = async (email: string, as: TestUser | null) => {
        const res = await t.inject({ method: 'GET', url: `/api/user?email=${encodeURIComponent(email)}` }, as);
        assert.equal(res.statusCode, 200, res.body);
        return json<Profile>(res).company;
      };
      const northline = { _id: fleet._id, name: 'Northline Fleet', terms: { netDays: 30, creditLimit: 100 } };
      assert.deepEqual(await companyOf(buyer.email, buyer), { ...northline, role: 'admin' });
      assert.deepEqual(await companyOf(colleague.email, colleague), { ...northline, role: 'buyer' });
      assert.deepEqual(
        await companyOf(colleague.email, admin),
        { ...northline, role: 'buyer' },
        'a shop admin sees it',
      );
      const cashOnly = await companyOf(noTermsBuyer.email, noTermsBuyer);
      assert.equal(cashOnly?.name, 'Cash Only Garage');
      assert.equal(cashOnly?.terms, null);
      assert.equal(await companyOf(outsider.email, outsider), null);
      // Someone else's record stays theirs, and the field is the server's alone.
      const other = await t.inject({ method: 'GET', url: `/api/user?email=${buyer.email}` }, outsider);
      assert.equal(other.statusCode, 403, other.body);
      assert.equal((await t.inject({ method: 'GET', url: `/api/user?email=${buyer.email}` })).statusCode, 401);
      const forged = {
        _id: fleet._id,
        name: 'Northline Fleet',
        role: 'admin',
        terms: { netDays: 365, creditLimit: 1 },
      };
      const update = await t.inject(
        {
          method: 'PUT',
          url: `/api/user-update?email=${outsider.email}`,
          payload: {
            name: 'Out Sider',
            address: '2 Side St',
            phone: '+1 555 0199',
            linkedin: 'https://www.linkedin.com/in/outsider',
            company: forged,
          },
        },
        outsider,
      );
      assert.equal(update.statusCode, 200, update.body);
      assert.equal(json<{ phone: string }>(update).phone, '+1 555 0199');
      assert.equal(await companyOf(outsider.email, outsider), null);
      // Terms withdrawn: the company stays, its terms go.
      await setTerms(fleet._id, null, null);
      assert.deepEqual(await companyOf(buyer.email, buyer), { ...northline, terms: null, role: 'admin' });
      await setTerms(fleet._id, 30, 100);
    });

    test('an on-account checkout: no hold, invoiced at once with Net 30, its PO and due date; the balance counts it', async () => {
      await settleAll();
      const part = await addPart(t, admin, { available: 10, price: 20, name: 'Fleet Filter' });
      await setCart(buyer, [{ partId: part._id, quantity: 2 }]);
      const res = await checkout(buyer, { paymentMethod: 'account', poNumber: '  PO-7781 ' });
      assert.equal(res.statusCode, 201, res.body);
      const order = json<Order>(res);
      assert.equal(order.paymentMethod, 'account');
      assert.equal(order.payBy, null, 'no payment hold');
      assert.equal(order.payment, false);
      assert.match(order.invoiceNumber ?? '', /^INV-\d{4}-\d{6}$/, 'invoiced when placed');
      const due = new Date(Date.parse(order.createdAt.slice(0, 10)) + 30 * DAY).toISOString().slice(0, 10);
      assert.deepEqual(order.account, {
        poNumber: 'PO-7781',
        netDays: 30,
        dueOn: due,
        paymentRecordedAt: null,
        paymentReference: null,
        paidOn: null,
        remindersSent: 0,
      });
      assert.equal(await stockOf(t, part._id), 8);
      assert.deepEqual(await credit(buyer), { netDays: 30, creditLimit: 100, openBalance: 40, available: 60 });
      assert.deepEqual(await credit(colleague), await credit(buyer), 'every member sees the company balance');

      const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, buyer);
      assert.equal(pdf.statusCode, 200);
      const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
      assert.match(text, /Payment terms: Net 30/);
      assert.match(text, /PO-7781/);
      assert.match(text, new RegExp(`Due on ${due}`));
      assert.doesNotMatch(text, /Paid on/);

      // Never paid by card, never deleted (its invoice number is issued).
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        buyer,
      );
      assert.equal(intent.statusCode, 409, intent.body);
      assert.equal(errorOf(intent).code, 'ON_ACCOUNT');
      const del = await t.inject({ method: 'DELETE', url: `/api/order/${order._id}` }, buyer);
      assert.equal(del.statusCode, 409, del.body);
      assert.equal(errorOf(del).code, 'ORDER_INVOICED');

      // The hold sweep leaves it alone.
      await t.app.sweepHolds();
      const still: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer)).json();
      assert.equal(still.expiredAt, null);
    });

    test('over the credit limit: 409 CREDIT_LIMIT with the limit and the open balance, and nothing placed', async () => {
      await settleAll();
      const part = await addPart(t, admin, { available: 10, price: 30 });
      await setCart(buyer, [{ partId: part._id, quantity: 2 }]);
      assert.equal((await checkout(buyer, { paymentMethod: 'account' })).statusCode, 201);
      const [{ counter } = { counter: 0 }] = await rows<{ counter: number }>(
        'select coalesce(max(last_number), 0)::int as counter from invoice_counters',
      );
      const ordersBefore = await orderCount();

      await setCart(buyer, [{ partId: part._id, quantity: 2 }]);
      const res = await checkout(buyer, { paymentMethod: 'account', poNumber: 'PO-1' });
      assert.equal(res.statusCode, 409, res.body);
      const body = creditLimitRefusal.parse(res.json());
      assert.equal(body.error.code, 'CREDIT_LIMIT');
      assert.equal(body.creditLimit, 100);
      assert.equal(body.openBalance, 60);
      assert.equal(body.orderTotal, 60);
      assert.equal(await stockOf(t, part._id), 8, 'stock untouched');
      assert.equal(await orderCount(), ordersBefore, 'no order');
      const [{ after } = { after: -1 }] = await rows<{ after: number }>(
        'select coalesce(max(last_number), 0)::int as after from invoice_counters',
      );
      assert.equal(after, counter, 'no invoice number taken');
      const cart = (await t.inject({ method: 'GET', url: '/api/cart' }, buyer)).json() as { lines: unknown[] };
      assert.equal(cart.lines.length, 1, 'the cart stays');

      // The same cart by card is placed as before: card orders never count in the open balance.
      const byCard = await checkout(buyer, {});
      assert.equal(byCard.statusCode, 201, byCard.body);
      assert.equal(json<Order>(byCard).paymentMethod, 'card');
      assert.equal(json<Order>(byCard).account, null);
      assert.equal((await credit(buyer)).openBalance, 60);
      // Exactly up to the limit is allowed.
      const edge = await addPart(t, admin, { available: 10, price: 40 });
      await setCart(colleague, [{ partId: edge._id, quantity: 1 }]);
      assert.equal((await checkout(colleague, { paymentMethod: 'account' })).statusCode, 201);
      assert.equal((await credit(buyer)).available, 0);
    });

    test('two concurrent on-account checkouts that together pass the limit: exactly one is placed', async () => {
      await settleAll();
      const part = await addPart(t, admin, { available: 10, price: 60 });
      await setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      await setCart(colleague, [{ partId: part._id, quantity: 1 }]);
      const answers = await Promise.all([
        checkout(buyer, { paymentMethod: 'account' }),
        checkout(colleague, { paymentMethod: 'account' }),
      ]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409], answers.map((a) => a.body).join('\n'));
      assert.equal(errorOf(answers.find((a) => a.statusCode === 409)!).code, 'CREDIT_LIMIT');
      assert.equal(await stockOf(t, part._id), 9);
      assert.equal((await credit(buyer)).openBalance, 60);
    });

    test('without terms: 403 NO_PAYMENT_TERMS (no company, a company without terms, terms withdrawn)', async () => {
      const part = await addPart(t, admin, { available: 10, price: 5 });
      for (const who of [outsider, noTermsBuyer]) {
        await setCart(who, [{ partId: part._id, quantity: 1 }]);
        const res = await checkout(who, { paymentMethod: 'account', poNumber: 'X' });
        assert.equal(res.statusCode, 403, res.body);
        assert.equal(errorOf(res).code, 'NO_PAYMENT_TERMS');
        assert.equal((await t.inject({ method: 'GET', url: '/api/company/credit' }, who)).statusCode, 404);
      }
      assert.equal(await stockOf(t, part._id), 10);
      const temp = await createCompany('Withdrawn Terms Co');
      const member = await t.signUp('member@withdrawn.test');
      await attach(temp._id, member.email);
      await setTerms(temp._id, 14, 500);
      await setTerms(temp._id, null, null);
      await setCart(member, [{ partId: part._id, quantity: 1 }]);
      assert.equal((await checkout(member, { paymentMethod: 'account' })).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url: '/api/company/credit' })).statusCode, 401);
    });

    test('bad input is a 400 that changes nothing', async () => {
      const part = await addPart(t, admin, { available: 10, price: 5 });
      await setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const before = await orderCount();
      for (const [extra, field] of [
        [{ paymentMethod: 'cash' }, 'paymentMethod'],
        [{ paymentMethod: 'account', poNumber: 'P'.repeat(41) }, 'poNumber'],
        [{ paymentMethod: 'account', poNumber: 42 }, 'poNumber'],
        [{ poNumber: 'PO-9' }, 'poNumber'],
        [{ paymentMethod: 'card', poNumber: 'PO-9' }, 'poNumber'],
      ] as const) {
        const res = await checkout(buyer, extra);
        assert.equal(res.statusCode, 400, `${JSON.stringify(extra)}: ${res.body}`);
        assert.ok(errorOf(res).fields?.[field], `${JSON.stringify(extra)} names ${field}: ${res.body}`);
      }
      assert.equal(await orderCount(), before);
      // 40 characters after trimming is the most.
      await settleAll();
      const ok = await checkout(buyer, { paymentMethod: 'account', poNumber: ` ${'P'.repeat(40)} ` });
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(json<Order>(ok).account?.poNumber, 'P'.repeat(40));
    });

    test('a shop admin records the payment: paid, same invoice number, balance down; once only; card orders 409', async () => {
      await settleAll();
      const part = await addPart(t, admin, { available: 10, price: 25 });
      await setCart(buyer, [{ partId: part._id, quantity: 2 }]);
      const order = json<Order>(await checkout(buyer, { paymentMethod: 'account', poNumber: 'PO-55' }));
      assert.equal((await credit(buyer)).openBalance, 50);

      assert.equal((await recordPayment(order._id, null)).statusCode, 401);
      assert.equal((await recordPayment(order._id, buyer)).statusCode, 403, 'the buyer cannot mark it paid');
      assert.equal((await recordPayment(order._id, colleague)).statusCode, 403);
      for (const bad of [
        { paidOn: '2026-02-30' },
        { paidOn: 'yesterday' },
        { paidOn: '2999-01-01' },
        { reference: 'x'.repeat(81) },
      ]) {
        const res = await recordPayment(order._id, admin, bad);
        assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      }
      assert.equal((await recordPayment('00000000-0000-4000-8000-000000000000', admin)).statusCode, 404);

      const paidOn = new Date(Date.now() - DAY).toISOString().slice(0, 10);
      const res = await recordPayment(order._id, admin, { reference: ' BANK-REF-1 ', paidOn });
      assert.equal(res.statusCode, 200, res.body);
      const paid = json<Order>(res);
      assert.equal(paid.payment, true);
      assert.equal(paid.invoiceNumber, order.invoiceNumber, 'the invoice keeps its number');
      assert.equal(paid.paymentId, `account-${order._id}`);
      assert.equal(paid.account?.paymentReference, 'BANK-REF-1');
      assert.equal(paid.account?.paidOn, paidOn);
      assert.ok(paid.account?.paymentRecordedAt);
      assert.equal((await credit(buyer)).openBalance, 0);

      const again = await recordPayment(order._id, admin);
      assert.equal(again.statusCode, 409);
      assert.equal(errorOf(again).code, 'ORDER_PAID');

      const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, admin);
      assert.match((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' '), new RegExp(`Paid on ${paidOn}`));
      const shipped = await t.inject(
        { method: 'PUT', url: `/api/orders/${order._id}`, payload: { status: 'shipped' } },
        admin,
      );
      assert.equal(shipped.statusCode, 200, shipped.body);

      await setCart(outsider, [{ partId: part._id, quantity: 1 }]);
      const card = json<Order>(await checkout(outsider, {}));
      const refused = await recordPayment(card._id, admin);
      assert.equal(refused.statusCode, 409);
      assert.equal(errorOf(refused).code, 'NOT_ON_ACCOUNT');
      const cardNow: Order = (await t.inject({ method: 'GET', url: `/api/order/${card._id}` }, admin)).json();
      assert.equal(cardNow.payment, false);
    });

    test('overdue: one reminder a week per invoice (clock moved), never twice in a week, none once paid', async () => {
      await settleAll();
      const part = await addPart(t, admin, { available: 10, price: 10 });
      await setCart(buyer, [{ partId: part._id, quantity: 1 }]);
      const order = json<Order>(await checkout(buyer, { paymentMethod: 'account', poNumber: 'PO-R' }));
      const dueOn = order.account!.dueOn;
      const at = (days: number) => new Date(Date.parse(`${dueOn}T12:00:00Z`) + days * DAY);

      await t.app.remindOverdue(at(0));
      assert.equal(await reminders(order._id), 0, 'not before the due date has passed');
      const [first, second] = await Promise.all([t.app.remindOverdue(at(1)), t.app.remindOverdue(at(1))]);
      assert.ok(first! + second! >= 1);
      assert.equal(await reminders(order._id), 1, 'the day after the due date, once, however many runs');
      await t.app.remindOverdue(at(3));
      await t.app.remindOverdue(at(7.9));
      assert.equal(await reminders(order._id), 1, 'not twice in the same week');
      await t.app.remindOverdue(at(8));
      assert.equal(await reminders(order._id), 2, 'a week later, the second');
      const seen: Order = (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer)).json();
      assert.equal(seen.account?.remindersSent, 2);
      const [mail] = await rows<{ recipient: string; payload: { dueOn: string; poNumber: string; reminder: number } }>(
        `select recipient, payload from mail_outbox where template = 'payment-reminder' and payload->>'orderId' = '${order._id}' order by created_at desc limit 1`,
      );
      assert.equal(mail!.recipient, buyer.email);
      assert.deepEqual([mail!.payload.dueOn, mail!.payload.poNumber, mail!.payload.reminder], [dueOn, 'PO-R', 2]);

      assert.equal((await recordPayment(order._id, admin)).statusCode, 200);
      await t.app.remindOverdue(at(30));
      assert.equal(await reminders(order._id), 2, 'none once paid');
    });

    test('a buyer cannot set their own terms nor use another company’s', async () => {
      const res = await t.inject(
        { method: 'PUT', url: `/api/companies/${fleet._id}/terms`, payload: { netDays: 365, creditLimit: 1_000_000 } },
        buyer,
      );
      assert.equal(res.statusCode, 403);
      const part = await addPart(t, admin, { available: 10, price: 5 });
      await setCart(outsider, [{ partId: part._id, quantity: 1 }]);
      const sneaky = await checkout(outsider, {
        paymentMethod: 'account',
        companyId: fleet._id,
        netDays: 365,
        creditLimit: 1_000_000,
      });
      assert.equal(sneaky.statusCode, 403, sneaky.body);
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@torque/contract';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { preparedQuery } from '../src/lib/prepared-query.ts';
import { CLAIM_DUE_MAIL } from '../src/modules/mail/outbox-sql.ts';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { addPart, eventually, freePort, payWithSandbox, placeOrder } from '@torque/testkit';
import { recipients, startSmtp, type SmtpCapture } from './helpers/smtp-capture.ts';
import {
  ADMIN_EMAIL,
  createTestApp,
  PASSWORD,
  sessionCookie,
  type TestApp,
  type TestUser,
} from './helpers/test-app.ts';

const to = (address: string, subject: RegExp) => (m: ParsedMail) =>
  recipients(m).includes(address) && subject.test(m.subject ?? '');

const outboxRows = async (t: TestApp) =>
  preparedQuery<{ id: string; template: string; attempts: number; last_error: string | null; sent_at: Date | null }>(
    t.app.db,
    'test_outbox_rows',
    'select id, template, attempts, last_error, sent_at from mail_outbox order by created_at',
    [],
  );

const INVOICE = /^INV-\d{4}-\d{6}$/;

for (const kind of databaseKinds()) {
  describe(`transactional e-mail through the outbox (${kind})`, () => {
    let smtp: SmtpCapture;
    let t: TestApp;
    let alice: TestUser;
    let mallory: TestUser;
    let partId: string;
    before(async () => {
      smtp = await startSmtp();
      t = await createTestApp(kind, {
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '200', PUBLIC_URL: 'http://shop.test:3000' },
      });
      alice = await t.signUp('alice-mail@torque.test', 'Alice');
      mallory = await t.signUp('mallory-mail@torque.test', '<img src=x onerror=alert(1)>');
      partId = (
        await addPart(t, await t.admin(), {
          available: 1000,
          price: 12.5,
          name: 'Brake Caliper Mail',
          partNumber: 'BC-7001',
        })
      )._id;
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    test('order placed, payment received (with the invoice PDF), shipped: each once, to the customer', async () => {
      const order = await placeOrder(t, alice, partId, 4);
      assert.equal(order.invoiceNumber, null);
      const placed = await smtp.waitFor(to(alice.email, /order received/), 15_000, 'order placed mail');
      assert.match(placed.text ?? '', /Brake Caliper Mail/);
      assert.match(placed.text ?? '', /Part number: BC-7001/);
      assert.match(String(placed.html), /Part number: BC-7001/);
      assert.match(placed.text ?? '', /Quantity: 4/);
      assert.match(placed.text ?? '', /\$50\.00/);
      assert.match(String(placed.html), /http:\/\/shop\.test:3000\/dashboard\/my-orders/);
      assert.match(placed.messageId ?? '', /^<[0-9a-f-]{36}@shop\.test>$/);

      const { confirm } = await payWithSandbox(t, alice, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const paid = (confirm.body as unknown as { order: Order }).order;
      assert.match(paid.invoiceNumber ?? '', INVOICE);
      const paidMail = await smtp.waitFor(to(alice.email, /payment received/), 15_000, 'payment mail');
      assert.match(paidMail.subject ?? '', new RegExp(paid.invoiceNumber!));
      const pdf = paidMail.attachments.find((a) => a.contentType === 'application/pdf');
      assert.ok(pdf, 'the invoice is attached');
      assert.equal(pdf.filename, `${paid.invoiceNumber}.pdf`);
      const text = await pdfText(pdf.content);
      for (const expected of [
        paid.invoiceNumber!,
        'Brake Caliper Mail',
        // The table's row (issue 29): part number, description, quantity, unit price, net; no tax recorded.
        'BC-7001 Brake Caliper Mail 4 $12.50 $50.00',
        'Total $50.00',
        paid.paymentId!,
        'Alice',
        alice.email,
        '1 Main St, Springfield',
      ]) {
        assert.ok(text.includes(expected), `the PDF says ${expected}: ${text}`);
      }

      const admin = await t.admin();
      const shipped = await t.inject(
        { method: 'PUT', url: `/api/orders/${order._id}`, payload: { status: 'shipped' } },
        admin,
      );
      assert.equal(shipped.statusCode, 200, shipped.body);
      await smtp.waitFor(to(alice.email, /has shipped/), 15_000, 'shipped mail');

      await eventually('every row marked sent', async () => (await outboxRows(t)).every((r) => r.sent_at));
      const ids = smtp.messages.map((m) => m.messageId);
      assert.equal(new Set(ids).size, ids.length, 'no message twice');
    });

    test('a replayed payment gives no second invoice number and no second mail', async () => {
      const order = await placeOrder(t, alice, partId, 1);
      const { confirm } = await payWithSandbox(t, alice, order._id);
      const first = (confirm.body as unknown as { order: Order }).order;
      const again = await t.inject(
        { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: first.paymentId } },
        alice,
      );
      assert.equal(again.statusCode, 200, again.body);
      assert.equal((again.json() as Order).invoiceNumber, first.invoiceNumber);
      await smtp.waitFor((m) => (m.subject ?? '').includes(first.invoiceNumber!), 15_000);
      const rows = (await outboxRows(t)).filter((r) => r.template === 'payment-received');
      const mine = smtp.messages.filter((m) => (m.subject ?? '').includes(first.invoiceNumber!));
      assert.equal(mine.length, 1);
      assert.ok(rows.length >= 2);
    });

    test('GET /api/order/:id/invoice.pdf: 404 before payment, the PDF for its owner and an admin, 403 for others', async () => {
      const order = await placeOrder(t, alice, partId, 2);
      const url = `/api/order/${order._id}/invoice.pdf`;
      assert.equal((await t.inject({ method: 'GET', url }, alice)).statusCode, 404);
      const { confirm } = await payWithSandbox(t, alice, order._id);
      const paid = (confirm.body as unknown as { order: Order }).order;
      const res = await t.inject({ method: 'GET', url }, alice);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.match(String(res.headers['content-disposition']), new RegExp(`${paid.invoiceNumber}\\.pdf`));
      const text = await pdfText(res.rawPayload);
      for (const expected of [paid.invoiceNumber!, 'Brake Caliper Mail 2 $12.50 $25.00', 'Total $25.00']) {
        assert.ok(text.includes(expected), `the PDF says ${expected}`);
      }
      assert.equal((await t.inject({ method: 'GET', url }, await t.admin())).statusCode, 200);
      assert.equal((await t.inject({ method: 'GET', url }, mallory)).statusCode, 403);
      assert.equal((await t.inject({ method: 'GET', url })).statusCode, 401);
    });

    test('user-entered text arrives as text in the HTML (a name like <img onerror>)', async () => {
      await placeOrder(t, mallory, partId, 1);
      const mail = await smtp.waitFor(to(mallory.email, /order received/), 15_000);
      const html = String(mail.html);
      assert.ok(!html.includes('<img src=x'), html);
      assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), html);
      assert.match(mail.text ?? '', /<img src=x onerror=alert\(1\)>/);
    });

    test('a contact message goes to ADMIN_EMAILS, reply-to the sender, escaped', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          email: 'visitor@example.com',
          subject: 'Fitment <b>question</b>',
          message: 'Does it fit?\n<script>x</script>',
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      const mail = await smtp.waitFor(to(ADMIN_EMAIL, /Fitment/), 15_000, 'contact mail');
      assert.equal(mail.replyTo?.value[0]?.address, 'visitor@example.com');
      assert.ok(!String(mail.html).includes('<script>'));
      assert.ok(String(mail.html).includes('&lt;script&gt;'));
      assert.match(mail.text ?? '', /Does it fit\?/);
    });

    test('password reset: same answer for any address, the link resets, old sessions and tokens end', async () => {
      const bob = await t.signUp('bob-reset@torque.test', 'Bob');
      const ask = (email: string) =>
        t.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
      const known = await ask(bob.email);
      const unknown = await ask('nobody-here@torque.test');
      assert.equal(known.statusCode, 200, known.body);
      assert.equal(unknown.statusCode, known.statusCode);
      assert.equal(unknown.body, known.body);

      const mail = await smtp.waitFor(to(bob.email, /reset your password/), 15_000, 'reset mail');
      const link = /http:\/\/shop\.test:3000\/reset-password\?[^\s"<]+/.exec(mail.text ?? '')?.[0];
      assert.ok(link, mail.text);
      const token = new URL(link).searchParams.get('token')!;
      assert.equal(new URL(link).searchParams.get('email'), null, 'the link names no account');

      assert.equal((await t.inject({ method: 'GET', url: `/api/order?email=${bob.email}` }, bob)).statusCode, 200);
      const reset = await t.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-new-password-9' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      // The access token made from the old session stops at once (not after its 15 minutes).
      assert.equal((await t.inject({ method: 'GET', url: `/api/order?email=${bob.email}` }, bob)).statusCode, 401);
      const oldSession = await t.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: bob.cookie },
      });
      assert.ok(oldSession.body === 'null' || oldSession.json() === null, oldSession.body);
      const reused = await t.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'another-pass-1' },
      });
      assert.equal(reused.statusCode, 400, 'a token works once');

      const signIn = (password: string) =>
        t.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: bob.email, password } });
      assert.equal((await signIn(PASSWORD)).statusCode, 401);
      const ok = await signIn('a-new-password-9');
      assert.equal(ok.statusCode, 200, ok.body);
      assert.ok(sessionCookie(ok));
      assert.ok(!smtp.messages.some((m) => recipients(m).includes('nobody-here@torque.test')));
      await eventually(
        'no reset token kept once sent',
        async () => {
          const rows = await preparedQuery<{ payload: unknown; sent_at: Date | null }>(
            t.app.db,
            'test_reset_payloads',
            "select payload, sent_at from mail_outbox where template = 'password-reset'",
            [],
          );
          return rows.length > 0 && rows.every((r) => r.sent_at && JSON.stringify(r.payload) === '{}');
        },
        { timeoutMs: 10_000 },
      );
    });
  });
}

describe('SMTP down, then up: mail is delayed, never lost', () => {
  test('an outage retries with back-off and delivers once the server is back', async () => {
    const port = await freePort();
    const t = await createTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '100' },
    });
    let smtp: SmtpCapture | undefined;
    try {
      const alice = await t.signUp('alice-outage@torque.test', 'Alice');
      const partId = (await addPart(t, await t.admin(), { available: 10, price: 3 }))._id;
      await placeOrder(t, alice, partId, 1);
      await placeOrder(t, alice, partId, 2);
      await eventually(
        'two failed attempts per message',
        async () =>
          (await outboxRows(t)).filter((r) => r.template === 'order-placed' && r.attempts >= 2 && r.last_error)
            .length === 2,
      );
      assert.ok((await outboxRows(t)).every((r) => !r.sent_at));
      smtp = await startSmtp(port);
      const got = smtp;
      await eventually(
        'both messages',
        () => got.messages.filter((m) => recipients(m).includes(alice.email)).length === 2,
        { timeoutMs: 20_000 },
      );
      await eventually('rows marked sent', async () => (await outboxRows(t)).every((r) => r.sent_at), {
        timeoutMs: 10_000,
      });
      assert.equal(got.messages.length, 2);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });

  test('a worker that died after claiming: its lease runs out and the message goes once, same Message-ID', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '100' },
    });
    try {
      await t.app.mail.worker.stop();
      await t.app.mail.enqueue('contact-message', 'team@torque.test', {
        email: 'a@b.test',
        subject: 'Lease',
        message: 'm',
      });
      // A "dead" instance claimed it with a short lease and never came back.
      const [claimed] = await preparedQuery<{ id: string }>(t.app.db, 'test_claim', CLAIM_DUE_MAIL, [1, 300, null]);
      assert.ok(claimed);
      t.app.mail.worker.start();
      const mail = await smtp.waitFor(to('team@torque.test', /Lease/), 15_000);
      assert.equal(mail.messageId, `<${claimed.id}@localhost>`);
      await eventually('the row marked sent', async () => (await outboxRows(t)).every((r) => r.sent_at), {
        timeoutMs: 10_000,
      });
      assert.equal(smtp.messages.length, 1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('what wakes the outbox worker', () => {
  test('a write that writes no mail asks nothing of the outbox; a contact message wakes the worker itself', async () => {
    const smtp = await startSmtp();
    // The timer is out of the picture (10 minutes): only a wake-up can deliver within the test.
    const t = await createTestApp('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '600000' },
    });
    try {
      const worker = t.app.mail.worker;
      const poke = worker.poke.bind(worker);
      let pokes = 0;
      worker.poke = () => {
        pokes += 1;
        poke();
      };
      const buyer = await t.signUp('quiet@mail.test');
      const part = await addPart(t, await t.admin(), { price: 5, available: 10 });
      const put = await t.inject(
        { method: 'PUT', url: '/api/cart', payload: { lines: [{ partId: part._id, quantity: 1 }] } },
        buyer,
      );
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(pokes, 0, 'a cart change writes no mail, so it wakes nothing');

      const sent = await t.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'woken@example.com', subject: 'Woken', message: 'Delivered without the timer' },
      });
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal(pokes, 1);
      await smtp.waitFor(to(ADMIN_EMAIL, /Woken/), 15_000, 'contact mail');
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

// The reset limits (per address 429; past the account's count the same 200, no e-mail) are
// password-reset-limits.test.ts's.

const postgres = databaseKinds().includes('postgres');

describe('two instances on one PostgreSQL database', { skip: postgres ? false : 'set TEST_DATABASE_URL' }, () => {
  test('each message is sent once, and concurrent payments take consecutive invoice numbers', async () => {
    const smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '50' };
    const one = await createTestApp('postgres', { env });
    const secondDb = await openDatabase({ databaseUrl: one.db.url!, dataDir: one.config.DATA_DIR, poolSize: 10 });
    const two = await buildApp({ config: one.config, database: secondDb, logger: false });
    try {
      const partId = (await addPart(one, await one.admin(), { available: 1000, price: 7 }))._id;
      const customers = await Promise.all(
        [0, 1, 2, 3].map((i) => one.signUp(`buyer${i}-two@torque.test`, `Buyer ${i}`)),
      );
      const orders: { order: Order; who: TestUser }[] = [];
      for (let i = 0; i < 24; i++) {
        const who = customers[i % customers.length]!;
        orders.push({ order: await placeOrder(one, who, partId, 1 + (i % 3)), who });
      }
      // Each payment through either instance, all at once.
      const results = await Promise.all(
        orders.map(async ({ order, who }, i) => {
          const t =
            i % 2 === 0
              ? one
              : {
                  ...one,
                  inject: (o: Parameters<TestApp['inject']>[0], as?: TestUser | null) =>
                    two.inject({
                      ...o,
                      headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...o.headers },
                    }),
                };
          const { confirm } = await payWithSandbox(t as TestApp, who, order._id);
          assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
          return (confirm.body as unknown as { order: Order }).order.invoiceNumber!;
        }),
      );
      const year = new Date().getUTCFullYear();
      const expected = orders.map((_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`);
      assert.deepEqual([...results].sort(), expected, 'no number shared, none skipped');

      // 24 placed + 24 paid, plus 40 more enqueued at once: both workers race for them.
      for (let i = 0; i < 40; i++) {
        await (i % 2 ? one : { app: two }).app.mail.enqueue('contact-message', 'team@torque.test', {
          email: 'x@y.test',
          subject: `Race ${i}`,
          message: '.',
        });
      }
      await eventually('all 88 messages', () => smtp.messages.length >= 88, { timeoutMs: 30_000 });
      await eventually('every row marked sent', async () => (await outboxRows(one)).every((r) => r.sent_at), {
        timeoutMs: 10_000,
      });
      const ids = smtp.messages.map((m) => m.messageId);
      assert.equal(ids.length, 88, 'each message once');
      assert.equal(new Set(ids).size, 88);
    } finally {
      await two.close();
      await secondDb.close();
      await one.close();
      await smtp.close();
    }
  });
});

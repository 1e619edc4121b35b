import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Company, Order } from '@torque/contract';
import type { ParsedMail } from 'mailparser';
import { addPart, placeOrder } from '@torque/testkit';
import { databaseKinds } from './helpers/databases.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { startSmtp, type SmtpCapture } from './helpers/smtp-capture.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * The "order placed" e-mail through HTTP and a real SMTP server (issue 30, PRODUCT.md §25–§26):
 * every line with its quantity, unit price and line total in cents-exact money; the public price
 * beside a price-list buyer's lower one ("list $8.90"); an order on account says so, with its PO,
 * terms and due date, and asks for no payment; a card order still waits for payment. The order's
 * lines carry the same public price (`publicUnitPrice`) only where the buyer paid less.
 */
const CONTACT = { phone: '+1 555 0100', address: '1 Main St, Springfield' };
const DAY = 86_400_000;

const about = (orderId: string) => (m: ParsedMail) =>
  /order received/.test(m.subject ?? '') && (m.text ?? '').includes(orderId);
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

for (const kind of databaseKinds()) {
  describe(`the order-placed e-mail (${kind})`, () => {
    let smtp: SmtpCapture;
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    let stranger: TestUser;
    let filterId: string;
    let pumpId: string;

    before(async () => {
      smtp = await startSmtp();
      t = await createTestApp(kind, {
        seed: false,
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_POLL_MS: '200', PUBLIC_URL: 'http://shop.test:3000' },
      });
      admin = await t.admin();
      buyer = await t.signUp('buyer@placed-mail.test', 'Bea Buyer');
      stranger = await t.signUp('walkin@placed-mail.test', 'Walk In');
      filterId = (
        await addPart(t, admin, {
          available: 1000,
          price: 9.4,
          priceBreaks: [{ minQuantity: 100, price: 8.9 }],
          name: 'Oil Filter Mail',
          partNumber: 'OF-3001',
        })
      )._id;
      pumpId = (await addPart(t, admin, { available: 100, price: 20, name: 'Water Pump Mail', partNumber: 'WP-3002' }))
        ._id;
      const created = await t.inject(
        { method: 'POST', url: '/api/companies', payload: { name: 'Mailers Fleet' } },
        admin,
      );
      assert.equal(created.statusCode, 201, created.body);
      const fleet = created.json() as Company;
      const member = await t.inject(
        { method: 'PUT', url: `/api/companies/${fleet._id}/members/${buyer.email}`, payload: { role: 'admin' } },
        admin,
      );
      assert.equal(member.statusCode, 200, member.body);
      const terms = await t.inject(
        { method: 'PUT', url: `/api/companies/${fleet._id}/terms`, payload: { netDays: 30, creditLimit: 100000 } },
        admin,
      );
      assert.equal(terms.statusCode, 200, terms.body);
      const list = await t.inject(
        {
          method: 'POST',
          url: '/api/price-lists',
          payload: { name: 'Mailers 10 %', companyIds: [fleet._id], percentOff: 10 },
        },
        admin,
      );
      assert.equal(list.statusCode, 201, list.body);
    });
    after(async () => {
      await t.close();
      await smtp.close();
    });

    test('on account: placed on account with the PO, Net 30 and the due date, no payment asked; lines at the buyer’s price with the list price', async () => {
      const cart = await t.inject(
        {
          method: 'PUT',
          url: '/api/cart',
          payload: {
            lines: [
              { partId: filterId, quantity: 100 },
              { partId: pumpId, quantity: 2 },
            ],
          },
        },
        buyer,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/checkout',
          payload: { ...CONTACT, paymentMethod: 'account', poNumber: 'PO-5150' },
        },
        buyer,
      );
      assert.equal(res.statusCode, 201, res.body);
      const order = res.json() as Order;
      assert.equal(order.price, 837);
      // The order's lines: 100 × $8.01 (10 % off the $8.90 tier), 2 × $18.00 (10 % off $20).
      assert.deepEqual(
        order.lines.map((l) => [l.quantity, l.unitPrice, l.total, l.publicUnitPrice]),
        [
          [100, 8.01, 801, 8.9],
          [2, 18, 36, 20],
        ],
      );
      const due = new Date(Date.parse(order.createdAt.slice(0, 10)) + 30 * DAY).toISOString().slice(0, 10);

      const mail = await smtp.waitFor(about(order._id), 15_000, 'the on-account order mail');
      const text = oneLine(mail.text);
      const html = oneLine(String(mail.html));
      for (const body of [text, html]) {
        assert.match(body, /placed on account with PO number PO-5150/);
        assert.match(body, /Net 30/);
        assert.ok(body.includes(`due on ${due}`), `the due date ${due}: ${body}`);
        assert.ok(body.includes(order.invoiceNumber!), 'its invoice number');
        assert.match(body, /nothing to pay now/i);
        assert.doesNotMatch(body, /waiting for payment/i);
        assert.ok(body.includes('OF-3001 Oil Filter Mail × 100 at $8.01 (list $8.90) = $801.00'), body);
        assert.ok(body.includes('WP-3002 Water Pump Mail × 2 at $18.00 (list $20.00) = $36.00'), body);
        assert.match(body, /Total: (<strong>)?\$837\.00/);
      }
      assert.ok(!html.includes('PO-5150<'), 'the PO is escaped text in a sentence');

      // The invoice (issued at placing) agrees: each unit price as sold, the list price under it.
      const pdf = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, buyer);
      assert.equal(pdf.statusCode, 200, pdf.body);
      const invoice = oneLine(await pdfText(pdf.rawPayload));
      assert.ok(invoice.includes('OF-3001 Oil Filter Mail 100 $8.01 $801.00'), invoice);
      assert.ok(invoice.includes('list $8.90'), invoice);
      assert.ok(invoice.includes('WP-3002 Water Pump Mail 2 $18.00 $36.00'), invoice);
      assert.ok(invoice.includes('list $20.00'), invoice);

      // Opening the payment page for it: the server refuses a card with a clear 409, never a 500.
      const intent = await t.inject(
        { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } },
        buyer,
      );
      assert.equal(intent.statusCode, 409, intent.body);
      assert.equal(errorOf(intent).code, 'ON_ACCOUNT');
      assert.match(errorOf(intent).message, /on account/);
      const marked = await t.inject(
        { method: 'PUT', url: `/api/order/${order._id}`, payload: { payment: true, paymentId: 'pi_made_up' } },
        buyer,
      );
      assert.ok(marked.statusCode >= 400 && marked.statusCode < 500, `${marked.statusCode} ${marked.body}`);
      const record = await t.inject(
        { method: 'POST', url: '/api/payment', payload: { paymentId: `account-${order._id}` } },
        buyer,
      );
      assert.equal(record.statusCode, 404, 'no payment record before the shop records the payment');
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer).then((r) => r.json() as Order))
          .payment,
        false,
      );
    });

    test('by card, a price-list buyer’s one line: unit price with the list price and the line total; still waiting for payment', async () => {
      const order = await placeOrder(t, buyer, pumpId, 3);
      assert.deepEqual(
        order.lines.map((l) => [l.quantity, l.unitPrice, l.total, l.publicUnitPrice]),
        [[3, 18, 54, 20]],
      );
      const mail = await smtp.waitFor(about(order._id), 15_000, 'the card order mail');
      for (const body of [oneLine(mail.text), oneLine(String(mail.html))]) {
        assert.match(body, /It is waiting for payment\./);
        assert.doesNotMatch(body, /on account/);
        assert.match(body, /Quantity: 3/);
        assert.ok(body.includes('Unit price: $18.00 (list $20.00)'), body);
        assert.ok(body.includes('Line total: $54.00'), body);
      }
    });

    test('by card, a buyer without a company: the public tier, no list price, cents exact', async () => {
      const cart = await t.inject(
        {
          method: 'PUT',
          url: '/api/cart',
          payload: {
            lines: [
              { partId: filterId, quantity: 101 },
              { partId: pumpId, quantity: 1 },
            ],
          },
        },
        stranger,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      const res = await t.inject({ method: 'POST', url: '/api/checkout', payload: CONTACT }, stranger);
      assert.equal(res.statusCode, 201, res.body);
      const order = res.json() as Order;
      assert.ok(
        order.lines.every((l) => !('publicUnitPrice' in l)),
        'no list price where the buyer paid the public one',
      );
      const mail = await smtp.waitFor(about(order._id), 15_000, 'the visitor-priced order mail');
      const text = oneLine(mail.text);
      assert.match(text, /It is waiting for payment\./);
      assert.ok(text.includes('OF-3001 Oil Filter Mail × 101 at $8.90 = $898.90'), text);
      assert.ok(text.includes('WP-3002 Water Pump Mail × 1 at $20.00 = $20.00'), text);
      assert.doesNotMatch(text, /list \$/);
      assert.match(text, /Total: \$918\.90 \(102 units\)/);
    });
  });
}

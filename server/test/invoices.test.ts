import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import {
  EXPORT_NOTE,
  REVERSE_CHARGE_NOTE,
  type Address,
  type Order,
  type Part,
  type ShippingMethod,
} from '@torque/contract';
import { addPart, eventually, payWithSandbox, placeOrder } from '@torque/testkit';
import { creditNoteDocumentOf, invoiceDocumentOf, type SellerInfo } from '../src/modules/invoices/invoice-document.ts';
import { LOGO, renderDocumentPdf } from '../src/modules/invoices/invoice-pdf.ts';
import { databaseKinds } from './helpers/databases.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 29 (PRODUCT.md "Invoices and credit notes"): the invoice laid out as a business invoice
 * carrying the EU's invoice fields, refunds by the shop (`POST /api/order/:id/refund`) and the
 * credit notes that follow them (`GET /api/order/:id/credit-notes/:number.pdf`). PDFs are read with
 * poppler's pdftotext (-layout keeps a table row on one line).
 */
const run = promisify(execFile);
async function pdftotext(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-', '-'], { maxBuffer: 20 * 1024 * 1024 });
  child.child.stdin!.end(pdf);
  return (await child).stdout;
}
/** The text with runs of spaces folded, so a row reads "BC-1 Brake pad 2 $12.50 $25.00". */
const folded = (text: string) => text.replace(/[ \t]+/g, ' ');
const pages = (text: string) => text.split('\f').filter((p) => p.trim()).length;

const SHOP = {
  SHOP_LEGAL_NAME: 'Torque Parts GmbH',
  SHOP_ADDRESS: 'Werkstrasse 1, 10115 Berlin, Germany',
  SHOP_COUNTRY: 'DE',
  SHOP_TAX_ID: 'DE123456789, EIN 12-3456789',
  SHOP_REGISTRATION: 'Amtsgericht Berlin HRB 123456',
};
const SELLER: SellerInfo = {
  legalName: SHOP.SHOP_LEGAL_NAME,
  address: SHOP.SHOP_ADDRESS,
  country: SHOP.SHOP_COUNTRY,
  taxId: SHOP.SHOP_TAX_ID,
  registration: SHOP.SHOP_REGISTRATION,
  publicUrl: 'https://shop.example',
};
const CN = /^CN-\d{4}-\d{6}$/;
const today = () => new Date().toISOString().slice(0, 10);

function assertSellerBlock(text: string): void {
  for (const expected of [
    'Torque Parts GmbH',
    'Werkstrasse 1',
    '10115 Berlin',
    'Germany',
    'Country: DE',
    'Tax number: DE123456789',
    'Tax number: EIN 12-3456789',
    'Amtsgericht Berlin HRB 123456',
  ])
    assert.ok(text.includes(expected), `the seller block says ${expected}`);
}

describe('the invoice document (pure: a taxed order, a long order)', () => {
  const base = {
    _id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
    partId: null,
    email: 'buyer@example.com',
    phone: '+49 30 1234',
    address: 'Hauptstr. 1, 10115 Berlin',
    quantity: 3,
    price: 119,
    unitPrice: 30,
    name: 'Brake pad set and 1 more part',
    partNumber: 'BP-100',
    img: '/x.svg',
    des: '',
    payment: true,
    paymentId: 'pi_123',
    invoiceNumber: 'INV-2026-000042',
    status: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-21T10:00:00.000Z',
    shippedAt: null,
    payBy: null,
    expiredAt: null,
    refundedAt: null,
    lines: [
      {
        partId: null,
        partNumber: 'BP-100',
        name: 'Brake pad set',
        img: '/x.svg',
        quantity: 2,
        unitPrice: 30,
        total: 60,
      },
      { partId: null, partNumber: 'OF-7', name: 'Oil filter', img: '/x.svg', quantity: 1, unitPrice: 30, total: 30 },
    ],
    shippingAddress: null,
    billingAddress: {
      label: null,
      company: 'Werkstatt Müller KG',
      name: 'Max Müller',
      line1: 'Hauptstr. 1',
      line2: null,
      postalCode: '10115',
      city: 'Berlin',
      region: null,
      country: 'DE',
      countryName: 'Germany',
      phone: null,
    },
    shipping: { methodId: null, name: 'DHL', price: 10, weightGrams: 2500 },
    net: 100,
    gross: 119,
    tax: { lines: [{ rate: 19, net: 100, tax: 19 }], total: 19, note: null },
    creditNotes: [],
  } as unknown as Order;

  test('a taxed invoice carries every EU field: parties, tax numbers, dates, lines with rate and tax, per-rate totals, gross', async () => {
    const doc = invoiceDocumentOf(base, SELLER, { buyerName: 'Max', buyerTaxId: 'DE999999999' });
    const text = folded(await pdftotext(await renderDocumentPdf(doc)));
    assertSellerBlock(text);
    for (const expected of [
      'INVOICE',
      'Invoice number: INV-2026-000042',
      'Issue date: 2026-11-21',
      'Date of supply: 2026-11-21',
      'Max Müller',
      'Werkstatt Müller KG',
      'Hauptstr. 1',
      '10115 Berlin',
      'buyer@example.com',
      'Tax number: DE999999999',
      'Part no. Description Qty Unit price Net Rate Tax',
      'BP-100 Brake pad set 2 $30.00 $60.00 19 % $11.40',
      'OF-7 Oil filter 1 $30.00 $30.00 19 % $5.70',
      'Shipping: DHL (2.5 kg) 1 $10.00 $10.00 19 % $1.90',
      'Total net $100.00',
      'Tax 19 % on $100.00 $19.00',
      'Total tax $19.00',
      'Total $119.00',
    ])
      assert.ok(text.includes(expected), `the invoice says ${expected}:\n${text}`);
  });

  test('an exempt invoice prints the note; a credit note states the amounts as credited and references the invoice', async () => {
    const exempt = {
      ...base,
      gross: 100,
      price: 100,
      tax: { lines: [{ rate: 0, net: 100, tax: 0 }], total: 0, note: REVERSE_CHARGE_NOTE },
    } as Order;
    const text = folded(
      await pdftotext(
        await renderDocumentPdf(invoiceDocumentOf(exempt, SELLER, { buyerName: null, buyerTaxId: 'ATU12345678' })),
      ),
    );
    assert.ok(text.includes('Reverse charge: VAT to be accounted for by the recipient'), text);
    assert.ok(text.includes('Tax 0 % on $100.00 $0.00'));
    assert.ok(text.includes('Tax number: ATU12345678'));

    const credit = creditNoteDocumentOf(
      base,
      SELLER,
      { buyerName: null, buyerTaxId: null },
      {
        number: 'CN-2026-000007',
        issuedAt: '2026-11-25T09:00:00.000Z',
      },
    );
    const cn = folded(await pdftotext(await renderDocumentPdf(credit)));
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number: CN-2026-000007',
      'Issue date: 2026-11-25',
      'Date of supply: 2026-11-21',
      'Credits invoice: INV-2026-000042',
      'Total net credited $100.00',
      'Tax 19 % on $100.00 $19.00',
      'Total credited $119.00',
    ])
      assert.ok(cn.includes(expected), `the credit note says ${expected}:\n${cn}`);
  });

  test('a 200-line order runs onto several pages, the table header at the top of each; every line is drawn', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({
      partId: null,
      partNumber: `LP-${i + 1}`,
      name: `Long order part number ${i + 1} ${'with a long name '.repeat(i % 3)}`.trim(),
      img: '/x.svg',
      quantity: 1,
      unitPrice: 1,
      total: 1,
    }));
    const order = {
      ...base,
      lines,
      shipping: null,
      net: 200,
      gross: 200,
      price: 200,
      tax: { lines: [], total: 0, note: null },
    } as unknown as Order;
    const text = await pdftotext(
      await renderDocumentPdf(invoiceDocumentOf(order, SELLER, { buyerName: null, buyerTaxId: null })),
    );
    const n = pages(text);
    assert.ok(n >= 4, `${n} pages`);
    assert.equal(
      folded(text).split('Part no. Description Qty Unit price Net Rate Tax').length - 1,
      n,
      'the header on every page',
    );
    for (const i of [1, 57, 200]) assert.match(folded(text), new RegExp(`LP-${i} Long order part number ${i}\\b`));
    assert.ok(folded(text).includes('Total $200.00'));
  });

  test("the logo is web/public/favicon.svg's own shapes", () => {
    const svg = readFileSync(path.resolve(import.meta.dirname, '../../web/public/favicon.svg'), 'utf8');
    assert.ok(svg.includes(`d="${LOGO.path}"`));
    assert.ok(svg.includes(`fill="${LOGO.background}"`) && svg.includes(`fill="${LOGO.gear}"`));
    assert.ok(svg.includes(`rx="${LOGO.radius}"`));
  });
});

for (const kind of databaseKinds()) {
  describe(`invoices, refunds and credit notes (${kind})`, () => {
    let t: TestApp;
    let admin: TestUser;
    let buyer: TestUser;
    let other: TestUser;
    let method: ShippingMethod;
    let address: Address;
    before(async () => {
      t = await createTestApp(kind, { seed: false, env: SHOP });
      admin = await t.admin();
      buyer = await t.signUp('buyer@invoices.test', 'Bea Buyer');
      other = await t.signUp('other@invoices.test');
      const res = await t.inject(
        {
          method: 'POST',
          url: '/api/shipping/methods',
          payload: {
            name: 'Invoice Post',
            carrier: 'Test',
            countries: ['US'],
            rates: [{ upToGrams: 100_000, price: 7 }],
            freeOver: null,
            carriesHazardous: true,
            estimateDays: [1, 2],
            active: true,
          },
        },
        admin,
      );
      assert.equal(res.statusCode, 201, res.body);
      method = res.json();
      const added = await t.inject(
        {
          method: 'POST',
          url: '/api/addresses',
          payload: {
            name: 'Bea Buyer',
            company: 'Bea Garage LLC',
            line1: '5 Piston Rd',
            postalCode: '62704',
            city: 'Springfield',
            region: 'IL',
            country: 'US',
            phone: '+1 555 0199',
          },
        },
        buyer,
      );
      assert.equal(added.statusCode, 201, added.body);
      address = added.json();
    });
    after(() => t?.close());

    const part = (spec: Parameters<typeof addPart>[2]): Promise<Part> => addPart(t, admin, spec);
    const stock = async (partId: string) =>
      ((await t.inject({ method: 'GET', url: `/api/parts/${partId}` })).json() as Part).available;
    const refund = (orderId: string, as: TestUser = admin) =>
      t.inject({ method: 'POST', url: `/api/order/${orderId}/refund` }, as);
    const paidOrder = async (quantity = 2, price = 12.5) => {
      const p = await part({ available: 10, price, partNumber: `RF-${Math.random().toString(36).slice(2, 8)}` });
      const order = await placeOrder(t, buyer, p._id, quantity);
      const { confirm } = await payWithSandbox(t, buyer, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      return { part: p, order: confirm.body.order };
    };
    const creditNoteRows = async (orderId: string) =>
      (await t.db.database.db.execute(sql`select number from credit_notes where order_id = ${orderId}::uuid`)).rows;
    const mails = async (match: (m: ParsedMail) => boolean) => {
      const folder = path.join(t.config.DATA_DIR, 'mail');
      if (!existsSync(folder)) return [];
      const found: ParsedMail[] = [];
      for (const f of readdirSync(folder).filter((n) => n.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(path.join(folder, f)));
        if (match(mail)) found.push(mail);
      }
      return found;
    };

    test('a checkout order is invoiced with the seller, the buyer (billing address), dates, lines, shipping and totals', async () => {
      const a = await part({ available: 10, price: 12.5, partNumber: 'INV-A-1', name: 'Brake disc front' });
      const b = await part({ available: 10, price: 3.1, partNumber: 'INV-B-2', name: 'Wiper blade' });
      const cart = await t.inject(
        {
          method: 'PUT',
          url: '/api/cart',
          payload: {
            lines: [
              { partId: a._id, quantity: 2 },
              { partId: b._id, quantity: 3 },
            ],
          },
        },
        buyer,
      );
      assert.equal(cart.statusCode, 200, cart.body);
      const placed = await t.inject(
        { method: 'POST', url: '/api/checkout', payload: { addressId: address._id, shippingMethodId: method._id } },
        buyer,
      );
      assert.equal(placed.statusCode, 201, placed.body);
      const order: Order = placed.json();
      const { confirm } = await payWithSandbox(t, buyer, order._id);
      assert.equal(confirm.status, 200, JSON.stringify(confirm.body));
      const paid = confirm.body.order;

      const res = await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, buyer);
      assert.equal(res.statusCode, 200);
      const text = folded(await pdftotext(res.rawPayload));
      assertSellerBlock(text);
      for (const expected of [
        'INVOICE',
        `Invoice number: ${paid.invoiceNumber}`,
        `Issue date: ${paid.paidAt!.slice(0, 10)}`,
        `Date of supply: ${paid.paidAt!.slice(0, 10)}`,
        `Order: ${order._id}`,
        'BILL TO',
        'Bea Buyer',
        'Bea Garage LLC',
        '5 Piston Rd',
        'Springfield, IL 62704',
        'buyer@invoices.test',
        'INV-A-1 Brake disc front 2 $12.50 $25.00',
        'INV-B-2 Wiper blade 3 $3.10 $9.30',
        'Shipping: Invoice Post',
        '1 $7.00 $7.00',
        'Total net $41.30',
        // A German seller shipping to the United States: an export, 0 % with its note (PRODUCT.md "Tax").
        'Tax 0 % on $41.30 $0.00',
        'Total tax $0.00',
        'Total $41.30',
        EXPORT_NOTE,
      ])
        assert.ok(text.includes(expected), `the invoice says ${expected}:\n${text}`);
      assert.equal(paid.net, 41.3);
      assert.equal(paid.gross, 41.3);
      assert.deepEqual(paid.tax, { lines: [{ rate: 0, net: 41.3, tax: 0 }], total: 0, note: EXPORT_NOTE });
    });

    test("a one-part order (the spec's POST /api/order) is taxed as the seller's country, its free-text address the buyer's", async () => {
      const { order } = await paidOrder(2, 12.5);
      const text = folded(
        await pdftotext(
          (await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, admin)).rawPayload,
        ),
      );
      // A free-text address is taxed as the seller's country (Germany, 19 %): $25.00 net, $4.75 tax.
      for (const expected of [' 2 $12.50 $25.00 19 % $4.75', 'Total net $25.00', 'Total tax $4.75', 'Total $29.75'])
        assert.ok(text.includes(expected), `the invoice says ${expected}:\n${text}`);
      assert.ok(
        text.includes('Bea Buyer') && text.includes('1 Main St, Springfield'),
        'the account name and the order address',
      );
    });

    test('an order placed before tax existed keeps the invoice it had: the same total, no tax row invented', async () => {
      const { order } = await paidOrder(2, 12.5);
      // What migration 0014 left on the orders before it: net = total, no tax lines, no note.
      await t.db.database.db.execute(
        sql`update orders set total_cents = net_cents, tax_cents = 0, tax_lines = '[]'::jsonb, tax_note = null,
          tax_country = null, tax_region = null where id = ${order._id}::uuid`,
      );
      const text = folded(
        await pdftotext(
          (await t.inject({ method: 'GET', url: `/api/order/${order._id}/invoice.pdf` }, admin)).rawPayload,
        ),
      );
      assert.ok(text.includes(' 2 $12.50 $25.00 – –'), text);
      assert.ok(text.includes('Total $25.00'));
      assert.doesNotMatch(text, /Tax \d/);
      assert.doesNotMatch(text, /Total tax/);
    });

    test('an admin refunds a paid order: its stock goes back, refundedAt, a credit note (listed, PDF, e-mailed)', async () => {
      const { part: p, order } = await paidOrder(3, 12.5);
      assert.equal(await stock(p._id), 7);
      const res = await refund(order._id);
      assert.equal(res.statusCode, 200, res.body);
      const refunded: Order = res.json();
      assert.ok(refunded.refundedAt);
      assert.equal(refunded.creditNotes.length, 1);
      const [note] = refunded.creditNotes;
      assert.match(note!.number, CN);
      assert.equal(note!.number.slice(3, 7), String(new Date().getUTCFullYear()));
      assert.equal(await stock(p._id), 10, 'the units are back');
      assert.deepEqual(
        ((await t.inject({ method: 'GET', url: `/api/order/${order._id}` }, buyer)).json() as Order).creditNotes,
        [note],
      );

      const url = `/api/order/${order._id}/credit-notes/${note!.number}.pdf`;
      const pdf = await t.inject({ method: 'GET', url }, buyer);
      assert.equal(pdf.statusCode, 200, pdf.body);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.match(String(pdf.headers['content-disposition']), new RegExp(`${note!.number}\\.pdf`));
      const text = folded(await pdftotext(pdf.rawPayload));
      assertSellerBlock(text);
      for (const expected of [
        'CREDIT NOTE',
        `Credit note number: ${note!.number}`,
        `Issue date: ${today()}`,
        `Credits invoice: ${order.invoiceNumber}`,
        ' 3 $12.50 $37.50 19 % $7.13',
        'Total credited $44.63',
        'CREDITED TO',
        'Bea Buyer',
      ])
        assert.ok(text.includes(expected), `the credit note says ${expected}:\n${text}`);
      assert.equal((await t.inject({ method: 'GET', url }, admin)).statusCode, 200);

      const [mail] = await eventually(
        'the credit-note e-mail',
        async () => {
          const found = await mails((m) => (m.subject ?? '').includes(note!.number));
          return found.length ? found : undefined;
        },
        { timeoutMs: 30_000 },
      );
      assert.ok(JSON.stringify(mail!.to).includes(buyer.email));
      assert.ok(mail!.text?.includes(order.invoiceNumber!));
      const attached = mail!.attachments.find((x) => x.contentType === 'application/pdf');
      assert.equal(attached?.filename, `${note!.number}.pdf`);
      assert.ok(folded(await pdftotext(attached!.content)).includes(`Credits invoice: ${order.invoiceNumber}`));
    });

    test('a refund is idempotent: a repeat and concurrent calls answer the same order, one refund, one credit note', async () => {
      const { part: p, order } = await paidOrder(2, 5);
      const answers = await Promise.all(Array.from({ length: 5 }, () => refund(order._id)));
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      const again = await refund(order._id);
      assert.equal(again.statusCode, 200);
      const bodies = [...answers, again].map((a) => a.json() as Order);
      for (const b of bodies) assert.deepEqual(b, bodies[0]);
      assert.equal(bodies[0]!.creditNotes.length, 1);
      assert.equal((await creditNoteRows(order._id)).length, 1);
      assert.equal(await stock(p._id), 10, 'the units came back once');
      const intent = await t.db.database.db.execute(
        sql`select status from sandbox_payment_intents where id = ${order.paymentId}`,
      );
      assert.deepEqual(intent.rows, [{ status: 'refunded' }], 'the payment is refunded at the provider');
      await eventually('one credit-note e-mail', async () =>
        (await mails((m) => (m.subject ?? '').includes(bodies[0]!.creditNotes[0]!.number))).length === 1
          ? true
          : undefined,
      );
    });

    test('credit note numbers follow each other without gaps', async () => {
      const orders = await Promise.all([paidOrder(1, 2), paidOrder(1, 2), paidOrder(1, 2)]);
      const numbers = (await Promise.all(orders.map(({ order }) => refund(order._id)))).map(
        (r) => (r.json() as Order).creditNotes[0]!.number,
      );
      const seq = numbers.map((n) => Number(n.slice(-6))).sort((x, y) => x - y);
      assert.deepEqual(seq, [seq[0], seq[0]! + 1, seq[0]! + 2]);
    });

    test('409 for an unpaid, a shipped and a never-paid refunded order, with the error body; 404 unknown; 400 a bad id', async () => {
      const p = await part({ available: 10, price: 4 });
      const unpaid = await placeOrder(t, buyer, p._id, 1);
      let res = await refund(unpaid._id);
      assert.equal(res.statusCode, 409);
      assert.equal(errorOf(res).code, 'NOT_PAID');

      const { order: shipped } = await paidOrder(1, 4);
      assert.equal(
        (await t.inject({ method: 'PUT', url: `/api/orders/${shipped._id}`, payload: { status: 'shipped' } }, admin))
          .statusCode,
        200,
      );
      res = await refund(shipped._id);
      assert.equal(res.statusCode, 409);
      assert.equal(errorOf(res).code, 'ALREADY_SHIPPED');

      const late = await placeOrder(t, buyer, p._id, 1);
      await t.db.database.db.execute(
        sql`update orders set expired_at = now(), refunded_at = now(), payment_id = 'pi_late' where id = ${late._id}::uuid`,
      );
      res = await refund(late._id);
      assert.equal(res.statusCode, 409);
      assert.equal(errorOf(res).code, 'ORDER_REFUNDED');
      for (const id of [unpaid._id, shipped._id, late._id]) assert.equal((await creditNoteRows(id)).length, 0);

      res = await refund('00000000-0000-4000-8000-000000000000');
      assert.equal(res.statusCode, 404);
      assert.equal(errorOf(res).code, 'NOT_FOUND');
      assert.equal((await refund('not-a-uuid')).statusCode, 400);
    });

    test("only admins refund; a credit note is its owner's and the admins' (404 for anybody else)", async () => {
      const { order } = await paidOrder(1, 3);
      assert.equal((await t.inject({ method: 'POST', url: `/api/order/${order._id}/refund` })).statusCode, 401);
      assert.equal((await refund(order._id, buyer)).statusCode, 403);
      assert.equal((await refund(order._id, other)).statusCode, 403);
      assert.equal((await creditNoteRows(order._id)).length, 0);
      const number = ((await refund(order._id)).json() as Order).creditNotes[0]!.number;
      const url = (n: string) => `/api/order/${order._id}/credit-notes/${n}.pdf`;
      assert.equal((await t.inject({ method: 'GET', url: url(number) })).statusCode, 401);
      assert.equal((await t.inject({ method: 'GET', url: url(number) }, other)).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: url('CN-1999-000001') }, buyer)).statusCode, 404);
      assert.equal((await t.inject({ method: 'GET', url: url('INV-2026-000001') }, buyer)).statusCode, 400);
      assert.equal(
        (
          await t.inject(
            { method: 'GET', url: `/api/order/00000000-0000-4000-8000-000000000000/credit-notes/${number}.pdf` },
            admin,
          )
        ).statusCode,
        404,
      );
    });
  });
}

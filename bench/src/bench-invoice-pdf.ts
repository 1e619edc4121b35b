/**
 * `npm run bench:invoice -w @torque/bench` (or `npm run bench:invoice` at the root): what drawing
 * one invoice PDF costs (`invoiceDocumentOf` and `renderDocumentPdf`, server/src/modules/invoices/), which
 * runs on the event loop for `GET /api/order/:id/invoice.pdf` and for every payment e-mail.
 * Issue 24: pdfkit's layout costs more than linear time in a text's length (a 40,000-character
 * buyer name took 11.6 s), so every stored text is clipped to its field's rule before it is drawn.
 * Cases, interleaved round by round: a typical invoice (the baseline), every field at the longest
 * its rule allows as one unbroken word (pdfkit's worst case) and as short words, and a
 * 1,000,000-character name (as one stored before the rule could be) alone and in every field, and
 * a 200-line order (issue 29: the table runs onto several pages).
 * Each render's wall and CPU time; medians. Goal: every case under 200 ms. Rewrites the "Invoice
 * PDF" section of docs/PERFORMANCE.md. Settings: BENCH_INVOICE_ROUNDS (15).
 */
import { TEXT_MAX, type Order } from '@torque/contract';
import { invoiceDocumentOf, type DocumentExtras } from '../../server/src/modules/invoices/invoice-document.ts';
import { renderDocumentPdf } from '../../server/src/modules/invoices/invoice-pdf.ts';
import { consoleTable, machineLine, table, today, verdict, writeSection } from './lib/doc.ts';
import { median, round } from './lib/stats.ts';

const ROUNDS = Number(process.env.BENCH_INVOICE_ROUNDS ?? 15);
const GOAL_MS = 200;
const seller = {
  legalName: 'Torque Parts Inc.',
  address: '1200 Industrial Way, Detroit, MI 48201, United States',
  country: 'US',
  taxId: 'EIN 12-3456789',
  registration: null,
  publicUrl: 'https://shop.example',
};
const now = new Date().toISOString();
const line = (name: string, partNumber: string | null = 'BD-320') => ({
  partId: null,
  partNumber,
  name,
  img: '/images/parts/x.svg',
  quantity: 4,
  unitPrice: 89.5,
  total: 358,
});
const typicalOrder = {
  _id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
  partId: null,
  email: 'ann.buyer@example.com',
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
  quantity: 4,
  price: 358,
  unitPrice: 89.5,
  name: 'Ventilated Brake Disc 320 mm',
  partNumber: 'BD-320',
  img: '/images/parts/x.svg',
  des: '',
  payment: true,
  paymentId: 'pi_3PqR5sT6uV7wX8yZ9aB0cD1e',
  invoiceNumber: 'INV-2026-000123',
  status: null,
  createdAt: now,
  paidAt: now,
  shippedAt: null,
  payBy: null,
  expiredAt: null,
  refundedAt: null,
  lines: [line('Ventilated Brake Disc 320 mm')],
  shippingAddress: null,
  billingAddress: null,
  shipping: null,
  net: 358,
  gross: 358,
  tax: { lines: [], total: 0, note: null },
  creditNotes: [],
} as unknown as Order;
interface Case {
  order: Order;
  extras: DocumentExtras;
}
const typical: Case = { order: typicalOrder, extras: { buyerName: 'Ann Buyer', buyerTaxId: null } };
const word = (n: number, char = 'W') => char.repeat(n);
const words = (n: number) => 'Wolfgang '.repeat(Math.ceil(n / 9)).slice(0, n);
const withTexts = (t: (field: keyof typeof TEXT_MAX | 'partNumber') => string): Case => ({
  order: {
    ...typicalOrder,
    email: t('email'),
    address: t('address'),
    paymentId: t('paymentId'),
    lines: [line(t('partName'), t('partNumber'))],
  },
  extras: { buyerName: t('accountName'), buyerTaxId: null },
});
const longest = (text: (n: number) => string): Case =>
  withTexts((field) =>
    field === 'email'
      ? `${word(TEXT_MAX.email - 12, 'w')}@example.com`
      : field === 'paymentId'
        ? word(TEXT_MAX.paymentId, 'p')
        : field === 'partNumber'
          ? word(40, 'N')
          : text(TEXT_MAX[field]),
  );
const MILLION = 1_000_000;
const cases: { label: string; facts: Case }[] = [
  { label: 'a typical invoice (baseline)', facts: typical },
  { label: 'every field at its longest, one unbroken word', facts: longest(word) },
  { label: 'every field at its longest, short words', facts: longest(words) },
  {
    label: 'a 1,000,000-character name (stored before the rule)',
    facts: { ...typical, extras: { buyerName: word(MILLION), buyerTaxId: null } },
  },
  { label: '1,000,000 characters in every text field', facts: withTexts(() => word(MILLION)) },
  {
    label: 'a 200-line order (several pages)',
    facts: {
      ...typical,
      order: { ...typicalOrder, lines: Array.from({ length: 200 }, (_, i) => line(`Part ${i + 1} ${words(60)}`)) },
    },
  },
];

/** One render's wall time and this process's CPU time, in ms. */
async function measure(facts: Case): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pdf = await renderDocumentPdf(invoiceDocumentOf(facts.order, seller, facts.extras));
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (pdf.length < 1000 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  return { wall, cpu: (used.user + used.system) / 1000 };
}

for (const { facts } of cases) for (let i = 0; i < 3; i++) await measure(facts);
const times = cases.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let r = 0; r < ROUNDS; r++) {
  for (const [i, { facts }] of cases.entries()) {
    const { wall, cpu } = await measure(facts);
    times[i]!.wall.push(wall);
    times[i]!.cpu.push(cpu);
  }
}

const baseline = median(times[0]!.wall);
const header = ['case', 'median wall', 'median CPU', 'slowest', 'vs typical', `under ${GOAL_MS} ms`];
const rows = cases.map(({ label }, i) => {
  const wall = median(times[i]!.wall);
  const slowest = Math.max(...times[i]!.wall);
  return [
    label,
    `${round(wall, 1)} ms`,
    `${round(median(times[i]!.cpu), 1)} ms`,
    `${round(slowest, 1)} ms`,
    i === 0 ? '1.0×' : `${round(wall / baseline, 1)}×`,
    verdict(slowest < GOAL_MS),
  ];
});
console.log(consoleTable(header, rows));
writeSection(
  'invoice',
  `## Invoice PDF (\`npm run bench:invoice\`)

Measured ${today()} with \`npm run bench:invoice\` on ${machineLine()}: \`invoiceDocumentOf\` + \`renderDocumentPdf\` in-process,
${ROUNDS} rounds of every case interleaved after 3 warm-up renders each; wall and CPU time of each render, medians.
Goal (issue 24): every case, slowest render included, under ${GOAL_MS} ms.

${table(header, rows)}`,
);

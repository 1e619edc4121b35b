/**
 * `npm run bench:invoice -w @torque/bench` (or `npm run bench:invoice` at the root): what drawing
 * one invoice PDF costs (`renderInvoicePdf`, server/src/modules/invoices/invoice-pdf.ts), which
 * runs on the event loop for `GET /api/order/:id/invoice.pdf` and for every payment e-mail.
 * Issue 24: pdfkit's layout costs more than linear time in a text's length (a 40,000-character
 * buyer name took 11.6 s), so every stored text is clipped to its field's rule before it is drawn.
 * Cases, interleaved round by round: a typical invoice (the baseline), every field at the longest
 * its rule allows as one unbroken word (pdfkit's worst case) and as short words, and a
 * 1,000,000-character name (as one stored before the rule could be) alone and in every field.
 * Each render's wall and CPU time; medians. Goal: every case under 200 ms. Rewrites the "Invoice
 * PDF" section of docs/PERFORMANCE.md. Settings: BENCH_INVOICE_ROUNDS (15).
 */
import { TEXT_MAX } from '@torque/contract';
import { renderInvoicePdf, type InvoiceFacts } from '../../server/src/modules/invoices/invoice-pdf.ts';
import { consoleTable, machineLine, table, today, verdict, writeSection } from './lib/doc.ts';
import { median, round } from './lib/stats.ts';

const ROUNDS = Number(process.env.BENCH_INVOICE_ROUNDS ?? 15);
const GOAL_MS = 200;
const seller = { shopName: 'Torque Parts', publicUrl: 'https://shop.example' };
const now = new Date().toISOString();
const typical: InvoiceFacts = {
  orderId: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
  email: 'ann.buyer@example.com',
  buyerName: 'Ann Buyer',
  phone: '+1 555 0100',
  address: '1 Main St, Springfield',
  partName: 'Ventilated Brake Disc 320 mm',
  quantity: 4,
  unitPriceCents: 8_950,
  totalCents: 35_800,
  paymentId: 'pi_3PqR5sT6uV7wX8yZ9aB0cD1e',
  invoiceNumber: 'INV-2026-000123',
  createdAt: now,
  paidAt: now,
  shippedAt: null,
};
const word = (n: number, char = 'W') => char.repeat(n);
const words = (n: number) => 'Wolfgang '.repeat(Math.ceil(n / 9)).slice(0, n);
const longest = (text: (n: number) => string): InvoiceFacts => ({
  ...typical,
  buyerName: text(TEXT_MAX.accountName),
  email: `${word(TEXT_MAX.email - 12, 'w')}@example.com`,
  phone: word(TEXT_MAX.phone, '9'),
  address: text(TEXT_MAX.address),
  partName: text(TEXT_MAX.partName),
  paymentId: word(TEXT_MAX.paymentId, 'p'),
});
const MILLION = 1_000_000;
const cases: { label: string; facts: InvoiceFacts }[] = [
  { label: 'a typical invoice (baseline)', facts: typical },
  { label: 'every field at its longest, one unbroken word', facts: longest(word) },
  { label: 'every field at its longest, short words', facts: longest(words) },
  { label: 'a 1,000,000-character name (stored before the rule)', facts: { ...typical, buyerName: word(MILLION) } },
  {
    label: '1,000,000 characters in every text field',
    facts: {
      ...typical,
      buyerName: word(MILLION),
      email: word(MILLION, 'e'),
      phone: word(MILLION, '9'),
      address: word(MILLION, 'A'),
      partName: word(MILLION, 'P'),
      paymentId: word(MILLION, 'p'),
    },
  },
];

/** One render's wall time and this process's CPU time, in ms. */
async function measure(facts: InvoiceFacts): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pdf = await renderInvoicePdf(facts, seller);
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

Measured ${today()} with \`npm run bench:invoice\` on ${machineLine()}: \`renderInvoicePdf\` in-process,
${ROUNDS} rounds of every case interleaved after 3 warm-up renders each; wall and CPU time of each render, medians.
Goal (issue 24): every case, slowest render included, under ${GOAL_MS} ms.

${table(header, rows)}`,
);

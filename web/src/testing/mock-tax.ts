import {
  EXPORT_NOTE,
  lineTaxCents,
  REVERSE_CHARGE_NOTE,
  taxExemptionInput,
  taxIdInput,
  taxRateInput,
  taxReportQuery,
  type Order,
  type TaxIdAnswer,
  type TaxQuote,
} from '@torque/contract';
import { http, HttpResponse } from 'msw';
import { cartOf } from './mock-cart.ts';
import { parcelOf, quote } from './mock-shipping.ts';
import { adminCaller, apiError, caller, mockId, parseBody, state } from './mock-state.ts';

/**
 * The tax routes of issue 29 as contract/src/tax.ts shapes them, kept in `state`. The rules are
 * the server's in small: the rate of the destination (its region's first, then the country's),
 * 0 % with the certificate's note for an exempt buyer, reverse charge for a valid VAT number of
 * another EU country, the export note where no rate is set. The seller is in Germany.
 */
export const MOCK_SHOP_COUNTRY = 'DE';
const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

const cents = (dollars: number) => Math.round(dollars * 100);
const today = () => new Date().toISOString().slice(0, 10);

function rateFor(country: string, region: string | null) {
  return (
    state.taxRates.find((r) => r.country === country && region !== null && r.region === region) ??
    state.taxRates.find((r) => r.country === country && r.region === null)
  );
}

/** What the quote's (and a placed order's) tax would be for `email` buying `goods` + `shipping`. */
export function quoteFor(email: string, addressId?: string | null, methodId?: string | null): TaxQuote {
  const goodsCents = cents(cartOf(email).total);
  // Sent to a book address with a method: that address and the method's price for this cart, as
  // the server prices them; otherwise the destination and shipping the test set.
  const address = addressId ? state.addresses.get(email)?.find((a) => a._id === addressId) : undefined;
  const method = methodId ? state.shippingMethods.find((m) => m._id === methodId) : undefined;
  const priced = address && method ? quote(method, parcelOf(email, address.country)) : undefined;
  const shippingCents = priced?.ok ? cents(priced.price) : cents(state.taxShipping);
  const net = goodsCents + shippingCents;
  const destination = address ? { country: address.country, region: address.region } : state.taxDestination;
  const taxId = state.taxIds.get(email);
  const base = {
    goods: goodsCents / 100,
    shipping: shippingCents / 100,
    net: net / 100,
    country: destination?.country ?? null,
    region: destination?.region ?? null,
    taxIdStatus: taxId?.status ?? null,
  };
  const untaxed = (note: string | null): TaxQuote => ({
    ...base,
    tax: { lines: [], total: 0, note },
    gross: net / 100,
  });
  if (!destination) return untaxed(null);
  const exemption = state.taxExemptions.get(email);
  if (exemption && exemption.expiresOn >= today()) return untaxed(`Tax exempt: certificate ${exemption.certificate}`);
  if (
    taxId?.status === 'valid' &&
    EU.has(destination.country) &&
    taxId.country !== MOCK_SHOP_COUNTRY &&
    destination.country !== MOCK_SHOP_COUNTRY
  )
    return untaxed(REVERSE_CHARGE_NOTE);
  const rate = rateFor(destination.country, destination.region);
  // No rate at all (a test that sets none): untaxed and unremarked; otherwise outside the rates is an export.
  if (!rate) return untaxed(state.taxRates.length === 0 ? null : EXPORT_NOTE);
  const tax = lineTaxCents(goodsCents, rate.rate) + lineTaxCents(shippingCents, rate.rate);
  return {
    ...base,
    tax: { lines: [{ rate: rate.rate, net: net / 100, tax: tax / 100 }], total: tax / 100, note: null },
    gross: (net + tax) / 100,
  };
}

/**
 * The mock's VIES: `viesDown` → unverified; two letters and 8–12 digits → valid; else invalid. A
 * number without an EU prefix (EL for Greece) is no VAT number: kept as typed, unverified, no country.
 */
export function checkTaxId(taxId: string): TaxIdAnswer {
  if (taxId === '') return { taxId: null, country: null, status: null };
  const normalised = taxId.toUpperCase().replace(/[\s.-]/g, '');
  const prefix = normalised.slice(0, 2);
  if (!EU.has(prefix === 'EL' ? 'GR' : prefix) || prefix === 'GR')
    return { taxId: taxId.trim(), country: null, status: 'unverified' };
  const country = /^[A-Z]{2}/.test(normalised) ? normalised.slice(0, 2) : null;
  const status = state.viesDown ? 'unverified' : /^[A-Z]{2}\d{8,12}$/.test(normalised) ? 'valid' : 'invalid';
  return { taxId: normalised, country, status };
}

let creditNotes = 0;

/** An order that was paid, taxed the way the server would have, for the pages' tests. */
export function taxedOrder<T extends Partial<Order>>(order: T, rate = 19, note: string | null = null): T {
  const net = order.price ?? 250;
  const tax = note ? 0 : lineTaxCents(cents(net), rate) / 100;
  return {
    ...order,
    net,
    price: Math.round((net + tax) * 100) / 100,
    gross: Math.round((net + tax) * 100) / 100,
    tax: note ? { lines: [], total: 0, note } : { lines: [{ rate, net, tax }], total: tax, note: null },
  };
}

export const taxHandlers = [
  http.get('/api/tax/rates', ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(state.taxRates);
  }),

  http.post('/api/tax/rates', async ({ request }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, taxRateInput);
    if (body instanceof Response) return body;
    if (state.taxRates.some((r) => r.country === body.country && r.region === body.region))
      return apiError(409, 'TAX_RATE_EXISTS', 'A rate for this country and region exists already', {
        region: 'A rate for this country and region exists already',
      });
    state.writes.push('POST /api/tax/rates');
    const rate = { _id: mockId(), ...body };
    state.taxRates.push(rate);
    return HttpResponse.json(rate, { status: 201 });
  }),

  http.put('/api/tax/rates/:id', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, taxRateInput);
    if (body instanceof Response) return body;
    const rate = state.taxRates.find((r) => r._id === params.id);
    if (!rate) return apiError(404, 'NOT_FOUND', 'Tax rate not found');
    state.writes.push(`PUT /api/tax/rates/${rate._id}`);
    Object.assign(rate, body);
    return HttpResponse.json(rate);
  }),

  http.delete('/api/tax/rates/:id', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const rate = state.taxRates.find((r) => r._id === params.id);
    if (!rate) return apiError(404, 'NOT_FOUND', 'Tax rate not found');
    state.writes.push(`DELETE /api/tax/rates/${rate._id}`);
    state.taxRates = state.taxRates.filter((r) => r !== rate);
    return HttpResponse.json(rate);
  }),

  http.get('/api/tax-id', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    return HttpResponse.json(state.taxIds.get(who.email) ?? { taxId: null, country: null, status: null });
  }),

  http.put('/api/tax-id', async ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, taxIdInput);
    if (body instanceof Response) return body;
    state.writes.push('PUT /api/tax-id');
    const answer = checkTaxId(body.taxId);
    if (answer.taxId === null) state.taxIds.delete(who.email);
    else state.taxIds.set(who.email, answer);
    return HttpResponse.json(answer);
  }),

  http.get('/api/tax-exemptions/:email', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const email = decodeURIComponent(String(params.email));
    const exemption = state.taxExemptions.get(email);
    if (!exemption) return apiError(404, 'NOT_FOUND', 'No tax exemption recorded');
    return HttpResponse.json({ email, ...exemption });
  }),

  http.put('/api/tax-exemptions/:email', async ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const body = await parseBody(request, taxExemptionInput);
    if (body instanceof Response) return body;
    const email = decodeURIComponent(String(params.email));
    if (!state.users.has(email)) return apiError(404, 'NOT_FOUND', 'User not found');
    state.writes.push(`PUT /api/tax-exemptions/${email}`);
    state.taxExemptions.set(email, body);
    return HttpResponse.json({ email, ...body });
  }),

  http.delete('/api/tax-exemptions/:email', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const email = decodeURIComponent(String(params.email));
    const exemption = state.taxExemptions.get(email);
    if (!exemption) return apiError(404, 'NOT_FOUND', 'No tax exemption recorded');
    state.writes.push(`DELETE /api/tax-exemptions/${email}`);
    state.taxExemptions.delete(email);
    return HttpResponse.json({ email, ...exemption });
  }),

  http.get('/api/tax/quote', ({ request }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const url = new URL(request.url);
    return HttpResponse.json(
      quoteFor(who.email, url.searchParams.get('addressId'), url.searchParams.get('shippingMethodId')),
    );
  }),

  http.get('/api/tax/report', ({ request }) => reportOr(request, () => HttpResponse.json(state.taxReport))),

  http.get('/api/tax/report.csv', ({ request }) =>
    reportOr(
      request,
      () =>
        new HttpResponse(
          [
            'country,rate,net,tax,gross',
            ...state.taxReport.map((r) => `${r.country},${r.rate},${r.net},${r.tax},${r.gross}`),
          ].join('\n'),
          { headers: { 'Content-Type': 'text/csv; charset=utf-8' } },
        ),
    ),
  ),

  http.post('/api/order/:id/refund', ({ request, params }) => {
    const who = adminCaller(request);
    if (who instanceof Response) return who;
    const order = state.orders.find((o) => o._id === params.id);
    if (!order) return apiError(404, 'NOT_FOUND', 'Order not found');
    if (!order.payment) return apiError(409, 'NOT_PAID', 'Only a paid order can be refunded');
    if (order.status) return apiError(409, 'ALREADY_SHIPPED', 'A shipped order cannot be refunded here');
    if (order.refundedAt) return apiError(409, 'ALREADY_REFUNDED', 'This order has already been refunded');
    state.writes.push(`POST /api/order/${order._id}/refund`);
    creditNotes += 1;
    const issuedAt = new Date().toISOString();
    order.refundedAt = issuedAt;
    order.creditNotes = [
      ...order.creditNotes,
      { number: `CN-${issuedAt.slice(0, 4)}-${String(creditNotes).padStart(6, '0')}`, issuedAt },
    ];
    return HttpResponse.json(order);
  }),

  http.get('/api/order/:id/credit-notes/:file', ({ request, params }) => {
    const who = caller(request);
    if (who instanceof Response) return who;
    const order = state.orders.find((o) => o._id === params.id);
    if (!order || (order.email.toLowerCase() !== who.email.toLowerCase() && !who.admin))
      return apiError(404, 'NOT_FOUND', 'Order not found');
    const number = String(params.file).replace(/\.pdf$/, '');
    if (!order.creditNotes.some((n) => n.number === number)) return apiError(404, 'NOT_FOUND', 'Credit note not found');
    return new HttpResponse(`%PDF-1.4 credit note ${number}`, { headers: { 'Content-Type': 'application/pdf' } });
  }),
];

function reportOr(request: Request, answer: () => Response): Response {
  const who = adminCaller(request);
  if (who instanceof Response) return who;
  const query = taxReportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const fields: Record<string, string> = {};
    for (const issue of query.error.issues) fields[issue.path.join('.')] ??= issue.message;
    return apiError(400, 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  return answer();
}
